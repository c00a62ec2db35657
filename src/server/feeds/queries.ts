import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { toBool, toIso } from '../db/values.js';

/** One article sitemap holds this many ids at most (the sitemaps protocol's limit is 50,000). */
export const articlesPerSitemap = 50_000;

export interface SitemapPart {
  /** 1-based: the part of the id range [(n-1)·size + 1, n·size]. */
  number: number;
  lastModified: string;
}

/**
 * Article sitemaps cut the id range into fixed slices, so a published article stays in the same
 * sitemap for good and old sitemaps do not change when new articles come. One pass over the
 * approved articles finds which slices hold any and when each last changed.
 */
export async function sitemapParts(db: Db, size: number): Promise<SitemapPart[]> {
  const rows = await db
    .selectFrom('article')
    .select([
      sql<number>`(${sql.ref('id')} - 1) / ${sql.lit(size)}`.as('slice'),
      (eb) => eb.fn.max('updatedAt').as('lastModified'),
    ])
    .where('isApproved', '=', true)
    .groupBy(sql`(${sql.ref('id')} - 1) / ${sql.lit(size)}`)
    .orderBy('slice')
    .execute();
  return rows.map((row) => ({
    number: Number(row.slice) + 1,
    lastModified: toIso(row.lastModified),
  }));
}

/** The approved articles of one sitemap slice, by id (a range of the primary key). */
export async function sitemapArticles(db: Db, part: number, size: number) {
  const rows = await db
    .selectFrom('article')
    .select(['id', 'updatedAt'])
    .where('id', '>=', (part - 1) * size + 1)
    .where('id', '<=', part * size)
    .where('isApproved', '=', true)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, lastModified: toIso(row.updatedAt) }));
}

/** Google News takes articles of the last two days, at most 1,000, newest first. */
export async function recentArticles(db: Db, since: string, limit: number) {
  const rows = await db
    .selectFrom('article')
    .select(['id', 'title', 'createdAt'])
    .where('isApproved', '=', true)
    .where('createdAt', '>=', since)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.title, published: toIso(row.createdAt) }));
}

/** The full texts of the free articles among `ids` (a feed gives premium ones their excerpt). */
export async function freeArticleTexts(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('article')
    .select(['id', 'description', 'isPremium'])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.filter((row) => !toBool(row.isPremium)).map((row) => [row.id, row.description]),
  );
}
