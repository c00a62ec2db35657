import { sql } from 'kysely';
import { freePart } from '#shared/article-body/free-part';
import type { ArticleBody } from '#shared/article-body/schema';
import type { Db } from '#server/db/database';
import { toBool, toIso } from '#server/db/values';

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

/**
 * What a feed's items carry of the articles among `ids`, in one query: a free article's whole
 * text and body, a premium one's free part only (its excerpt stays the list's), with whether its
 * author is an editor (whose links are not marked `nofollow`).
 */
export async function feedTexts(
  db: Db,
  ids: number[],
): Promise<Map<number, { text?: string; body: ArticleBody; authorIsAdmin: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('article')
    .innerJoin('user', 'user.id', 'article.authorId')
    .select(['article.id', 'article.description', 'article.body', 'article.isPremium'])
    .select('user.isAdmin')
    .where('article.id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => {
      const body = JSON.parse(row.body) as ArticleBody;
      const premium = toBool(row.isPremium);
      return [
        row.id,
        {
          ...(!premium && { text: row.description }),
          body: premium ? freePart(body).body : body,
          authorIsAdmin: toBool(row.isAdmin),
        },
      ];
    }),
  );
}
