import { z } from 'zod';
import { fieldMessage } from '#shared/api-error';
import { moderationBody, type Moderation } from '#shared/api/moderation';
import { updateArticleSchema } from '#shared/articles';

/*
 * The articles' request schemas only the server uses; the list's and the revision queue's
 * queries are in src/shared/api/article-list.ts.
 */

/** The id stays a string here: a malformed one is a 404 (article-id.ts), not a 400. */
export const articleIdParams = z.object({ id: z.string() });

const putBodyHint =
  'Send the article content, or exactly one of {isApproved: true}, {isPremium: true}, {adminMessage}';

/**
 * PUT /api/articles/:id: the author's (or an admin's) content, or one moderation field. When
 * neither matches, a body with a `name` is taken for content and gets its first field error
 * (as "field: message", like any other), not the union's generic one.
 */
export const articlePutBody = z.union([moderationBody, updateArticleSchema], {
  error: (issue) => {
    if (issue.code !== 'invalid_union') return undefined;
    const input = issue.input;
    const isContent = typeof input === 'object' && input !== null && 'name' in input;
    const first = isContent ? issue.errors[1]?.[0] : undefined;
    return first ? fieldMessage(first.path, first.message) : putBodyHint;
  },
});

export function isModeration(body: z.infer<typeof articlePutBody>): body is Moderation {
  return !('name' in body);
}
