import type { CompiledQuery } from 'kysely';
import type { ArticleReading } from '#shared/pages';
import type { SessionUser } from '#server/auth/guards';
import type { Db } from '#server/db/database';
import { toBool, toIso } from '#server/db/values';
import { mayReadArticle, maySeeUnpublished } from '../entitlement.js';
import { toArticleJson } from '../to-json.js';
import { selectArticles } from './select.js';

/** An image's size in pixels, when the server can tell (see pages/image-size.ts). */
export type ImageSizeOf = (url: string) => Promise<{ width: number; height: number } | null>;

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
  imageSize: ImageSizeOf,
): Promise<ArticleReading | null> {
  const [row] = (await db.executeQuery(readingById(db, id))).rows;
  if (!row || (!toBool(row.isApproved) && !maySeeUnpublished(caller, row.authorId))) return null;
  const full = mayReadArticle(caller, {
    isPremium: toBool(row.isPremium),
    authorId: row.authorId,
  });
  const { premiumExcerpt, updatedAt, ...articleRow } = row;
  return {
    access: full ? 'full' : 'preview',
    article: toArticleJson(full ? articleRow : { ...articleRow, text: premiumExcerpt }),
    updatedAt: toIso(updatedAt),
    image: await imageSize(row.image),
  };
}

function selectReading(db: Db) {
  return selectArticles(db, 'full').select(['article.premiumExcerpt', 'article.updatedAt']);
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
