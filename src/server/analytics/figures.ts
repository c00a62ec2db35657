import { sql } from 'kysely';
import type { Db } from '#server/db/database';

export const total = (column: string) => sql<number | string | null>`sum(${sql.ref(column)})`;
/**
 * Each sum the answers show, by name, and how the roll-up rows asked for give it: the site's
 * checkouts, subscriptions and registrations are those credited to an article's wall
 * (migration 029), and an article's or publisher's are all credited.
 */
const sums = {
  pageViews: total('page_views'),
  walls: total('walls'),
  checkouts: total('checkouts'),
  subscriptions: total('subscriptions'),
  registrationsAfterWall: total('registrations'),
  meteredReads: total('metered_reads'),
  giftsGiven: total('gifts_given'),
  giftsOpened: total('gifts_opened'),
  engagedCount: total('engaged_count'),
  engagedSeconds: total('engaged_seconds'),
  scrollCount: total('scroll_count'),
  scrollSum: total('scroll_sum'),
};

export type Sums = Record<keyof typeof sums, number>;

/** The sums, as one select of the roll-up rows asked for. */
export const summed = Object.entries(sums).map(([name, sum]) => sum.as(name));

/** Sums as numbers: SQLite's sum of nothing is null, PostgreSQL's sum of bigints a string. */
export function sumsOf(row: Partial<Record<keyof Sums, number | string | null>> | undefined): Sums {
  return Object.fromEntries(
    Object.keys(sums).map((name) => [name, Number(row?.[name as keyof Sums] ?? 0)]),
  ) as Sums;
}

/** An average of a sum over a count, to one decimal; null when nothing was counted. */
export function average(sum: number, count: number): number | null {
  return count === 0 ? null : Math.round((sum / count) * 10) / 10;
}

/** The funnel's steps from sums. */
export function funnelOf(sums: Sums) {
  return {
    views: sums.pageViews,
    walls: sums.walls,
    checkouts: sums.checkouts,
    subscriptions: sums.subscriptions,
  };
}

/** Distinct visitors of the buckets `buckets`, the site's (article 0) or one article's. */
export async function visitorsByBucket(
  db: Db,
  buckets: string[],
  articleId = 0,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('analyticsVisitors')
    .select(['bucket', 'visitors'])
    .where('articleId', '=', articleId)
    .where('bucket', 'in', buckets)
    .execute();
  return new Map(rows.map((row) => [row.bucket, Number(row.visitors)]));
}

export const sumOfMap = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
