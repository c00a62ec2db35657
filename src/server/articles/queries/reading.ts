import type { CompiledQuery, ExpressionBuilder } from 'kysely';
import { freePart } from '#shared/article-body/free-part';
import type { ArticleBody } from '#shared/article-body/schema';
import type { ArticleReading } from '#shared/pages';
import type { Caller } from '#server/auth/guards';
import type { Db } from '#server/db/database';
import type { ArticleMeter } from '#server/meter/meter';
import type { Database } from '#server/db/schema';
import { toBool, toIso } from '#server/db/values';
import { mayReadFullText, maySeeArticle } from '#shared/rules/reading';
import { isAuthor } from '#server/articles/entitlement';
import { bodyImages } from '#server/articles/body-images';
import { toArticleJson } from '#server/articles/to-json';
import { selectArticles } from './select.js';

/**
 * The article page's read: the article as the caller may read it. Like the detail, an
 * unpublished article exists only for its author and the admins (null for anyone else); unlike
 * it, a premium article the caller may not read comes as its preview, the premium excerpt that
 * lists show (never the free excerpt, whose three sentences may be a short story's whole text),
 * instead of a refusal, unless the reading meter (`meter`) opens it for them. The full text never
 * leaves this function for anyone else.
 */
export async function readArticleForReader(
  db: Db,
  id: number,
  caller: Caller | null,
  meter: ArticleMeter,
): Promise<ArticleReading | null> {
  const [row] = (await db.executeQuery(readingById(db, id))).rows;
  if (!row) return null;
  const author = isAuthor(caller, row.authorId);
  if (!maySeeArticle({ isApproved: toBool(row.isApproved) }, caller, author)) return null;
  const entitled = mayReadFullText({ isPremium: toBool(row.isPremium) }, caller, author);
  const metered = entitled ? null : await meter(id);
  const full = entitled || metered?.granted === true;
  const { premiumExcerpt, updatedAt, imageWidth, imageHeight, authorIsAdmin, ...articleRow } = row;
  // A reader who may not read it gets the free part of the body, and the excerpt lists show.
  const whole = JSON.parse(row.body!) as ArticleBody;
  const body = full ? whole : freePart(whole).body;
  return {
    access: full ? 'full' : 'preview',
    article: {
      ...toArticleJson(full ? articleRow : { ...articleRow, text: premiumExcerpt, body: null }),
      body,
    },
    updatedAt: toIso(updatedAt),
    image: imageWidth && imageHeight ? { width: imageWidth, height: imageHeight } : null,
    authorIsAdmin: toBool(authorIsAdmin),
    meter: metered?.state ?? null,
    ...(metered?.gift && { gift: metered.gift }),
    bodyImages: await imageSizes(
      db,
      bodyImages(body).map(({ src }) => src),
    ),
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
    'user.isAdmin as authorIsAdmin',
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

/**
 * The recorded size and widths of pictures in a body, by address, in one query; a picture
 * without records (not stored here, or not yet backfilled) is left out and shown unsized.
 */
async function imageSizes(db: Db, srcs: string[]): Promise<ArticleReading['bodyImages']> {
  if (srcs.length === 0) return {};
  const rows = await db
    .selectFrom('imageVariant')
    .select(['image', 'url', 'width', 'height'])
    .where('image', 'in', [...new Set(srcs)])
    .orderBy('width')
    .execute();
  const sizes: ArticleReading['bodyImages'] = {};
  for (const row of rows) {
    const size = (sizes[row.image] ??= { width: 0, height: 0, srcset: null });
    if (row.url === row.image) Object.assign(size, { width: row.width, height: row.height });
    size.srcset = `${size.srcset ? `${size.srcset}, ` : ''}${row.url} ${row.width}w`;
  }
  for (const [src, size] of Object.entries(sizes)) if (size.width === 0) delete sizes[src];
  return sizes;
}
