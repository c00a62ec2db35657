import { z } from 'zod';
import { answeredBodySchema } from './article-body/schema.js';
import { articleSchema } from './articles.js';

/**
 * An author's edit of a published article, waiting for an editor while the approved text stays
 * live (docs/decisions/004-pending-revisions.md). Its fields are the edit form's, named as on
 * an article.
 */
export const articleRevisionSchema = articleSchema
  .pick({
    _id: true,
    name: true,
    image: true,
    imageSrcset: true,
    publisher: true,
    tags: true,
    description: true,
  })
  .extend({
    /** The `_id` of the article it edits. */
    articleId: z.string(),
    /** The edit's body as a document, always there; `description` is its plain text. */
    body: answeredBodySchema,
    submittedAt: z.string(),
  });
export type ArticleRevision = z.infer<typeof articleRevisionSchema>;

/** One entry of the editors' queue: the live article (full text) and the edit beside it. */
export const revisionQueueItemSchema = z.object({
  live: articleSchema,
  revision: articleRevisionSchema,
});
export type RevisionQueueItem = z.infer<typeof revisionQueueItemSchema>;

export const revisionMessages = {
  none: 'This article has no edit awaiting review',
  replaced: 'The author has changed this edit since: please review it again',
  awaitingReview: 'Your edit will go live once an editor approves it.',
} as const;

/** The fields of an edit, in the order the editors' view shows them. */
export const revisionFields = ['name', 'publisher', 'tags', 'image', 'description'] as const;
export type RevisionField = (typeof revisionFields)[number];

/** The fields an edit changes against the live article (tags in any order). */
export function changedFields(
  live: Pick<ArticleRevision, RevisionField>,
  revision: Pick<ArticleRevision, RevisionField>,
): RevisionField[] {
  return revisionFields.filter((field) =>
    field === 'tags'
      ? [...live.tags].sort().join(',') !== [...revision.tags].sort().join(',')
      : live[field] !== revision[field],
  );
}
