import { srcsetOf } from '#server/images/srcset';
import type { Db } from '#server/db/database';
import type { Publisher } from '#shared/publisher';
import { AppError } from '#server/errors';
import { publisherMessages } from '#shared/api/publishers';

/**
 * All publishers, alphabetically: a short list the home page and the article form show. Each
 * logo comes with its stored widths and its own size (image_variant's row for the logo itself),
 * so the home page fetches a logo no wider than it draws it.
 */
export async function listPublishers(db: Db): Promise<Publisher[]> {
  const rows = await db
    .selectFrom('publisher')
    .leftJoin('imageVariant as own', (join) =>
      join.onRef('own.image', '=', 'publisher.logo').onRef('own.url', '=', 'publisher.logo'),
    )
    .select(['publisher.id', 'publisher.name', 'publisher.logo', 'own.width', 'own.height'])
    .select(srcsetOf('publisher.logo'))
    .orderBy('publisher.name')
    .execute();
  return rows.map((row) => ({
    _id: String(row.id),
    publisher: row.name,
    publisherLogo: row.logo,
    publisherLogoSrcset: row.imageSrcset,
    publisherLogoSize:
      row.width !== null && row.height !== null ? { width: row.width, height: row.height } : null,
  }));
}

/**
 * Adds a publisher. The unique index on lower(name) is the check (no read first that a parallel
 * insert could slip past): its violation becomes a 409.
 */
export async function createPublisher(
  db: Db,
  input: { name: string; logo: string },
  now = new Date(),
): Promise<number> {
  try {
    const { id } = await db
      .insertInto('publisher')
      .values({ name: input.name, logo: input.logo, createdAt: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', publisherMessages.duplicate);
    throw err;
  }
}

/** better-sqlite3 and pg name a unique-constraint violation differently. */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** How many articles (every status) each publisher has, most first; publishers with none are left out. */
export async function articleCountByPublisher(db: Db) {
  const rows = await db
    .selectFrom('article')
    .innerJoin('publisher', 'publisher.id', 'article.publisherId')
    .select((eb) => ['publisher.name', eb.fn.countAll().as('count')])
    .groupBy(['publisher.id', 'publisher.name'])
    .orderBy('count', 'desc')
    .orderBy('publisher.name')
    .execute();
  return rows.map((row) => ({ _id: row.name, count: Number(row.count) }));
}

/** The views of each publisher's articles added up, most first; publishers with no article are left out. */
export async function viewCountByPublisher(db: Db) {
  const rows = await db
    .selectFrom('article')
    .innerJoin('publisher', 'publisher.id', 'article.publisherId')
    .select((eb) => ['publisher.name', eb.fn.sum<number | string>('article.viewCount').as('total')])
    .groupBy(['publisher.id', 'publisher.name'])
    .orderBy('total', 'desc')
    .orderBy('publisher.name')
    .execute();
  return rows.map((row) => ({ _id: row.name, totalViewCount: Number(row.total) }));
}
