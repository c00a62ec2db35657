import type { CompiledQuery, ExpressionBuilder } from 'kysely';
import type { ArticleReading } from '#shared/pages';
import type { SessionUser } from '#server/auth/guards';
import type { Db } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { toBool, toIso } from '#server/db/values';
import { mayReadArticle, maySeeUnpublished } from '../entitlement.js';
import { toArticleJson } from '../to-json.js';
import { selectArticles } from './select.js';

/**
 * The article page's read: the article as the caller may read it. Like the detail, an
 * unpublished article exists only for its author and the admins (null for anyone else); unlike
 * it, a premium article the caller may not read comes as its preview, the premium excerpt that
 * lists show (never the free excerpt, whose three sentences may be a short story's whole text),
 * instead of a refusal. The full text never leaves this function for them.
 */
export async function readArticleForReader(
  db: Db,
  id: number,
  caller: SessionUser | null,
): Promise<ArticleReading | null> {
  const [row] = (await db.executeQuery(readingById(db, id))).rows;
  if (!row || (!toBool(row.isApproved) && !maySeeUnpublished(caller, row.authorId))) return null;
  const full = mayReadArticle(caller, {
    isPremium: toBool(row.isPremium),
    authorId: row.authorId,
  });
  const { premiumExcerpt, updatedAt, imageWidth, imageHeight, ...articleRow } = row;
  return {
    access: full ? 'full' : 'preview',
    article: toArticleJson(full ? articleRow : { ...articleRow, text: premiumExcerpt }),
    updatedAt: toIso(updatedAt),
    image: imageWidth && imageHeight ? { width: imageWidth, height: imageHeight } : null,
  };
}

/**
 * The article with what its page needs beside the detail: the premium excerpt, the time of its
 * last change, and its picture's size as recorded when the picture was stored (images/save.ts;
 * none for a picture stored elsewhere, like a link to another site's).
 */
function selectReading(db: Db) {
  const ownSize = (column: 'width' | 'height') => (eb: ExpressionBuilder<Database, 'article'>) =>
    eb
      .selectFrom('imageVariant as own')
      .select(`own.${column}`)
      .whereRef('own.image', '=', 'article.image')
      .whereRef('own.url', '=', 'article.image');
  return selectArticles(db, 'full').select((eb) => [
    'article.premiumExcerpt',
    'article.updatedAt',
    ownSize('width')(eb).as('imageWidth'),
    ownSize('height')(eb).as('imageHeight'),
  ]);
}
type ReadingRow = Awaited<ReturnType<ReturnType<typeof selectReading>['executeTakeFirstOrThrow']>>;

const compiled = new WeakMap<Db, CompiledQuery<ReadingRow>>();

/** Built and compiled once per database, then only given its id (as the detail's query is). */
function readingById(db: Db, id: number): CompiledQuery<ReadingRow> {
  let query = compiled.get(db);
  if (!query) {
    query = selectReading(db).where('article.id', '=', 0).compile();
    if (query.parameters.length !== 1) throw new Error('The reading query has other parameters');
    compiled.set(db, query);
  }
  return { ...query, parameters: [id] };
}
