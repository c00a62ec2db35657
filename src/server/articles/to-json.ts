import type { ArticleBody } from '#shared/article-body/schema';
import type { Article } from '#shared/articles';
import { toBool, toIso } from '#server/db/values';
import { tagList, type ArticleRow } from './queries/select.js';

/**
 * A stored article in the spec's shape, with the text the query chose as `description`: an
 * excerpt in lists (a premium article's never holds its whole text), the full text on the
 * detail page (selectArticles).
 */
export function toArticleJson(row: ArticleRow): Article {
  return {
    _id: String(row.id),
    name: row.title,
    image: row.image,
    imageSrcset: row.imageSrcset,
    publisher: row.publisherName,
    tags: tagList(row),
    description: row.text,
    ...(row.body && { body: JSON.parse(row.body) as ArticleBody }),
    isPremium: toBool(row.isPremium),
    viewCount: row.viewCount,
    isApproved: toBool(row.isApproved),
    createdAt: toIso(row.createdAt),
    author: {
      name: row.authorName,
      photo: row.authorImage,
      photoSrcset: row.authorImageSrcset,
      email: row.authorEmail,
    },
    userEmail: row.authorEmail,
    adminMessage: row.adminMessage,
  };
}
