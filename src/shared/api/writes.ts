import { z } from 'zod';

/*
 * What the writes answer, in the spec's field names. The routes answer with these schemas (so
 * OpenAPI describes them); the web app takes its types from them.
 */

/** POST /api/articles, POST /api/publisher: the new row's id. */
export const insertedAnswerSchema = z.object({ insertedId: z.string() });
export type InsertedAnswer = z.infer<typeof insertedAnswerSchema>;

/** A change: 1 when it was made, 0 when there was nothing to change. */
export const modifiedAnswerSchema = z.object({ modifiedCount: z.number().int() });
export type ModifiedAnswer = z.infer<typeof modifiedAnswerSchema>;

/** A change that is always made once (a review, a view counted). */
export const modifiedOnceAnswerSchema = z.object({ modifiedCount: z.literal(1) });

/** PUT /api/articles/:id: what an update did. */
export const contentChangeAnswerSchema = modifiedAnswerSchema.extend({
  awaitingReview: z
    .boolean()
    .optional()
    .describe('The edit waits for an editor; the published text stays up meanwhile'),
});
export type ContentChangeAnswer = z.infer<typeof contentChangeAnswerSchema>;

/** DELETE /api/articles/:id: 1, or 0 when there was nothing to delete. */
export const deletedAnswerSchema = z.object({ deletedCount: z.number().int() });
export type DeletedAnswer = z.infer<typeof deletedAnswerSchema>;
