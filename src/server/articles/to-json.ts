import type { Article } from '../../shared/articles.js';
import type { SessionUser } from '../auth/guards.js';
import { toBool, toIso } from '../db/values.js';
import { mayReadFullText } from './entitlement.js';
import type { ArticleRow } from './queries/select.js';

/**
 * A stored article in the spec's shape. A premium article the caller may not read carries only
 * its stored excerpt (the first three sentences) as `description`.
 */
export function toArticleJson(
  row: ArticleRow,
  tags: string[],
  caller: SessionUser | null,
): Article {
  const isPremium = toBool(row.isPremium);
  const fullText = mayReadFullText(caller, { isPremium, authorId: row.authorId });
  return {
    _id: String(row.id),
    name: row.title,
    image: row.image,
    publisher: row.publisherName,
    tags,
    description: fullText ? row.description : row.excerpt,
    isPremium,
    viewCount: row.viewCount,
    isApproved: toBool(row.isApproved),
    createdAt: toIso(row.createdAt),
    author: { name: row.authorName, photo: row.authorImage, email: row.authorEmail },
    userEmail: row.authorEmail,
    adminMessage: row.adminMessage,
  };
}
