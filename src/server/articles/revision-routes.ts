import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/api-error';
import { articleRevisionSchema, revisionQueueItemSchema } from '#shared/revisions';
import { mustBe, requireUser } from '#server/auth/guards';
import { parseArticleId } from './article-id.js';
import { listRevisionQueue, readRevision, reviewRevision } from './queries/revisions.js';
import { revisionReviewBody } from '#shared/api/moderation';
import { modifiedOnceAnswerSchema } from '#shared/api/writes';
import { revisionQueueQuery } from '#shared/api/article-list';
import { articleIdParams } from './request-schemas.js';
import { sendReviewNotice } from './notices.js';

const error = apiErrorSchema;

/**
 * Pending revisions: an author's edit of a published article waits here for an editor while the
 * approved text stays live (PUT /api/articles/:id stores it; docs/decisions/004).
 */
export const revisionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/api/articles/revisions',
    {
      onRequest: mustBe.admin,
      schema: {
        tags: ['articles'],
        summary: 'The queue of edits awaiting review, oldest first (admins)',
        description:
          'Each entry holds the live article with its full text and the edit beside it. The ' +
          'total is in the X-Total-Count header.',
        querystring: revisionQueueQuery,
        response: { 200: z.array(revisionQueueItemSchema), 400: error, 401: error, 403: error },
      },
    },
    async (request, reply) => {
      const { items, total } = await listRevisionQueue(db, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/api/articles/:id/revision',
    {
      onRequest: mustBe.signedIn,
      schema: {
        tags: ['articles'],
        summary: "An article's edit awaiting review (its author, or an admin)",
        description: '404 when the article has no edit awaiting review.',
        params: articleIdParams,
        response: { 200: articleRevisionSchema, 401: error, 403: error, 404: error },
      },
    },
    async (request) => {
      const caller = await requireUser(request);
      const id = parseArticleId(request.params.id);
      return readRevision(db, id, caller);
    },
  );

  app.put(
    '/api/articles/:id/revision',
    {
      onRequest: mustBe.admin,
      schema: {
        tags: ['articles'],
        summary: "Approves or declines an article's edit awaiting review (admins)",
        description:
          '`{revisionId, isApproved: true}` puts the edit live (the article stays approved); ' +
          '`{revisionId, adminMessage}` discards it, keeps the live text and tells the author ' +
          'why. 409 when the author has replaced the edit named since.',
        params: articleIdParams,
        body: revisionReviewBody,
        response: {
          200: modifiedOnceAnswerSchema,
          400: error,
          401: error,
          403: error,
          404: error,
          409: error,
        },
      },
    },
    async (request) => {
      const id = parseArticleId(request.params.id);
      const review = request.body;
      const modifiedCount = await reviewRevision(db, id, review, app.clock());
      if (modifiedCount > 0 && 'isApproved' in review) app.pagePurge.articleChanged(id);
      await sendReviewNotice(
        app,
        id,
        'adminMessage' in review
          ? { kind: 'revision declined', reason: review.adminMessage }
          : { kind: 'revision approved' },
      );
      return { modifiedCount };
    },
  );
};
