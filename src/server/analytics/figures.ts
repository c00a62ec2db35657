import { sql } from 'kysely';
import type { Db } from '#server/db/database';

export const total = (column: string) => sql<number | string | null>`sum(${sql.ref(column)})`;
/** A count of events credited to an article (a wall's), for the funnel. */
const credited = (column: string) =>
  sql<
    number | string | null
  >`sum(case when ${sql.ref('article_id')} <> 0 then ${sql.ref(column)} else 0 end)`;

/** The sums the answers show, as one select of the roll-up rows asked for. */
export const summed = [
  total('page_views').as('pageViews'),
  total('walls').as('walls'),
  credited('checkouts').as('checkouts'),
  credited('subscriptions').as('subscriptions'),
  credited('registrations').as('registrationsAfterWall'),
  total('metered_reads').as('meteredReads'),
  total('gifts_given').as('giftsGiven'),
  total('gifts_opened').as('giftsOpened'),
  total('engaged_count').as('engagedCount'),
  total('engaged_seconds').as('engagedSeconds'),
  total('scroll_count').as('scrollCount'),
  total('scroll_sum').as('scrollSum'),
];

export interface Sums {
  pageViews: number;
  walls: number;
  checkouts: number;
  subscriptions: number;
  registrationsAfterWall: number;
  meteredReads: number;
  giftsGiven: number;
  giftsOpened: number;
  engagedCount: number;
  engagedSeconds: number;
  scrollCount: number;
  scrollSum: number;
}

/** Sums as numbers: SQLite's sum of nothing is null, PostgreSQL's sum of bigints a string. */
export function sumsOf(row: Partial<Record<keyof Sums, number | string | null>> | undefined): Sums {
  const n = (key: keyof Sums) => Number(row?.[key] ?? 0);
  return {
    pageViews: n('pageViews'),
    walls: n('walls'),
    checkouts: n('checkouts'),
    subscriptions: n('subscriptions'),
    registrationsAfterWall: n('registrationsAfterWall'),
    meteredReads: n('meteredReads'),
    giftsGiven: n('giftsGiven'),
    giftsOpened: n('giftsOpened'),
    engagedCount: n('engagedCount'),
    engagedSeconds: n('engagedSeconds'),
    scrollCount: n('scrollCount'),
    scrollSum: n('scrollSum'),
  };
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
