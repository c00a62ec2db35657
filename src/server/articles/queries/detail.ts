import { articleMessages, type Article } from '../../../shared/articles.js';
import type { SessionUser } from '../../auth/guards.js';
import type { Db } from '../../db/database.js';
import { toBool } from '../../db/values.js';
import { AppError } from '../../errors.js';
import { mayReadFullText, maySeeUnpublished } from '../entitlement.js';
import { toArticleJson } from '../to-json.js';
import { selectArticles, tagsOf } from './select.js';

/**
 * One article for the detail page. An unpublished one is a 404 for everyone but its author and
 * the admins (its existence is not revealed); a premium one is a 403 for readers not entitled
 * to its text, so the page can offer a subscription.
 */
export async function readArticle(
  db: Db,
  id: number,
  caller: SessionUser | null,
): Promise<Article> {
  const row = await selectArticles(db, 'full').where('article.id', '=', id).executeTakeFirst();
  if (!row || (!toBool(row.isApproved) && !maySeeUnpublished(caller, row.authorId))) {
    throw new AppError('not_found', articleMessages.notFound);
  }
  if (!mayReadFullText(caller, { isPremium: toBool(row.isPremium), authorId: row.authorId })) {
    throw new AppError('forbidden', articleMessages.premiumLocked);
  }
  const tags = await tagsOf(db, [id]);
  return toArticleJson(row, tags.get(id) ?? []);
}
