import { z } from 'zod';
import { articleLimits } from '../articles.js';
import { pageSizes } from '../rules/limits.js';
import { flag, optionalText, pageQuery, tagsParam } from './query-params.js';

/** GET /api/articles's query. */
export const articleListQuery = z.object({
  email: optionalText(320, "An author's email: their articles of every status"),
  isApproved: flag.optional(),
  isPremium: flag.optional(),
  title: optionalText(articleLimits.titleMax, 'Part of the title, in any case, taken literally'),
  publisher: optionalText(
    articleLimits.publisherMax,
    "Any part of a publisher's name, in any case",
  ),
  tags: tagsParam('Comma-separated tags: articles with any of them'),
  sortBy: z
    .enum(['createdAt', 'viewCount'])
    .describe('Newest first (default), or most viewed first')
    .default('createdAt'),
  ...pageQuery(pageSizes.articleCards).shape,
});
export type ArticleListQuery = z.output<typeof articleListQuery>;

/**
 * What a client asks GET /api/articles for: any of the query's fields, the defaults filling in
 * the rest (the query string is query-string.ts's `queryString` of it).
 */
export type ArticleListRequest = Partial<ArticleListQuery>;

/** A public list as the pages ask for it: without `email` (an author's own list). */
export type PublicListQuery = Omit<ArticleListRequest, 'email'>;

/** GET /api/articles/revisions: the queue of pending edits, a page of them, oldest first. */
export const revisionQueueQuery = pageQuery(pageSizes.admin);
