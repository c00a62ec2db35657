import type { CompiledQuery } from 'kysely';
import { articleMessages } from '#shared/article-messages';
import { giftMessages } from '#shared/gift-messages';
import type { ArticleDetail } from '#shared/api/article-detail';
import type { Caller } from '#server/auth/guards';
import type { Db } from '#server/db/database';
import type { ArticleMeter } from '#server/meter/meter';
import { toBool } from '#server/db/values';
import { AppError } from '#server/errors';
import { mayOversee, mayReadFullText, maySeeArticle } from '#shared/rules/reading';
import { isAuthor } from '#server/articles/entitlement';
import { toArticleJson } from '#server/articles/to-json';
import { revisionStates } from './revisions.js';
import { selectArticles, type ArticleRow } from './select.js';

/**
 * One article for the detail page. An unpublished one is a 404 for everyone but its author and
 * the admins (its existence is not revealed); a premium one is a 403 for readers not entitled
 * to its text, so the page can offer a subscription, unless the reading meter (`meter`) opens it
 * for them: then the answer says where their meter stands.
 */
export async function readArticle(
  db: Db,
  id: number,
  caller: Caller | null,
  meter?: ArticleMeter,
): Promise<ArticleDetail> {
  const [row] = (await db.executeQuery(articleById(db, id))).rows;
  const author = row !== undefined && isAuthor(caller, row.authorId);
  if (!row || !maySeeArticle({ isApproved: toBool(row.isApproved) }, caller, author)) {
    throw new AppError('not_found', articleMessages.notFound);
  }
  if (!mayReadFullText({ isPremium: toBool(row.isPremium) }, caller, author)) {
    const metered = await meter?.(id);
    if (!metered?.granted) {
      const refusal = metered?.gift ? giftMessages[metered.gift.status] : undefined;
      throw new AppError('forbidden', refusal ?? articleMessages.premiumLocked);
    }
    return {
      ...toArticleJson(row),
      ...(metered.state && { meter: metered.state }),
      ...(metered.gift && { gift: metered.gift }),
    };
  }
  const article = toArticleJson(row);
  // Where its edits stand is the author's and the editors' business only.
  if (!mayOversee(caller, author)) return article;
  return { ...article, ...(await revisionStates(db, [id])).get(id) };
}

const compiled = new WeakMap<Db, CompiledQuery<ArticleRow>>();

/**
 * The detail query for `id`. It is built and compiled once per database and then only given
 * its id: the detail page is the most requested read whose answer cannot be shared, and Kysely
 * building and compiling the same query for every request cost a tenth of its CPU.
 */
function articleById(db: Db, id: number): CompiledQuery<ArticleRow> {
  let query = compiled.get(db);
  if (!query) {
    query = selectArticles(db, 'full').where('article.id', '=', 0).compile();
    // The id must be the query's only parameter, or the one replaced below would be wrong.
    if (query.parameters.length !== 1) throw new Error('The detail query has other parameters');
    compiled.set(db, query);
  }
  return { ...query, parameters: [id] };
}
