import { sql } from 'kysely';
import type {
  AnalyticsOverview,
  AnalyticsSpan,
  ArticleAnalytics,
  ReaderRevenueMonth,
  SourceKind,
} from '#shared/api/analytics';
import type { Db } from '#server/db/database';
import { addDays, daysFrom } from './days.js';
import { average, funnelOf, summed, sumOfMap, sumsOf, total, visitorsByBucket } from './figures.js';

/** The span of `days` days ending `today`, and the span of as many days before it. */
function spanOf(today: string, days: number) {
  const from = addDays(today, -(days - 1));
  return {
    from,
    to: today,
    days: daysFrom(from, today),
    previous: daysFrom(addDays(from, -days), addDays(from, -1)),
  };
}

const hoursOf = (day: string) =>
  Array.from({ length: 24 }, (_, hour) => `${day}T${String(hour).padStart(2, '0')}`);

/**
 * The editor's overview of the last `days` days to `today` (the site's time zone), read from
 * the roll-ups alone: totals beside the span before, the series by hour (`days` 1) or day, the
 * top articles and sources, and the funnel.
 */
export async function readOverview(
  db: Db,
  today: string,
  days: AnalyticsSpan,
): Promise<AnalyticsOverview> {
  const span = spanOf(today, days);
  const daily = db.selectFrom('analyticsDaily').where('bucket', 'in', span.days);
  const [current, previous, visitors, previousVisitors] = await Promise.all([
    daily.select(summed).executeTakeFirst(),
    db
      .selectFrom('analyticsDaily')
      .where('bucket', 'in', span.previous)
      .select(summed)
      .executeTakeFirst(),
    visitorsByBucket(db, span.days),
    visitorsByBucket(db, span.previous),
  ]);
  const buckets = days === 1 ? hoursOf(today) : span.days;
  const seriesViews = await db
    .selectFrom(days === 1 ? 'analyticsHourly' : 'analyticsDaily')
    .where('bucket', 'in', buckets)
    .select(['bucket', total('page_views').as('pageViews')])
    .groupBy('bucket')
    .execute();
  const viewsByBucket = new Map(seriesViews.map((row) => [row.bucket, Number(row.pageViews ?? 0)]));
  const visitorsOfSeries = days === 1 ? await visitorsByBucket(db, buckets) : visitors;

  const articleRows = await daily
    .innerJoin('article', 'article.id', 'analyticsDaily.articleId')
    .select(['analyticsDaily.articleId', 'article.title', ...summed])
    .groupBy(['analyticsDaily.articleId', 'article.title'])
    .execute();
  const articles = articleRows.map((row) => ({
    articleId: row.articleId,
    title: row.title,
    sums: sumsOf(row as never),
  }));
  const top = (by: (sums: ReturnType<typeof sumsOf>) => number) =>
    articles
      .filter((article) => by(article.sums) > 0)
      .sort((a, b) => by(b.sums) - by(a.sums) || a.articleId - b.articleId)
      .slice(0, 10);

  const sources = await daily
    .where('sourceKind', '<>', '')
    .select(['sourceKind', 'source', total('page_views').as('pageViews')])
    .groupBy(['sourceKind', 'source'])
    .orderBy(sql`sum(page_views)`, 'desc')
    .orderBy('source')
    .limit(10)
    .execute();
  const publishers = await daily
    .innerJoin('publisher', 'publisher.id', 'analyticsDaily.publisherId')
    .select(['analyticsDaily.publisherId', 'publisher.name', ...summed])
    .groupBy(['analyticsDaily.publisherId', 'publisher.name'])
    .execute();

  const sums = sumsOf(current as never);
  return {
    days,
    from: span.from,
    to: span.to,
    totals: {
      visitors: sumOfMap(visitors),
      pageViews: sums.pageViews,
      previousVisitors: sumOfMap(previousVisitors),
      previousPageViews: sumsOf(previous as never).pageViews,
    },
    series: buckets.map((bucket) => ({
      bucket,
      visitors: visitorsOfSeries.get(bucket) ?? 0,
      pageViews: viewsByBucket.get(bucket) ?? 0,
    })),
    topArticles: top((s) => s.pageViews).map(({ articleId, title, sums: s }) => ({
      articleId,
      title,
      views: s.pageViews,
      avgEngagedSeconds: average(s.engagedSeconds, s.engagedCount),
      avgScrollDepth: average(s.scrollSum, s.scrollCount),
    })),
    sources: sources.map((row) => ({
      kind: row.sourceKind as SourceKind,
      source: row.source,
      pageViews: Number(row.pageViews ?? 0),
    })),
    funnel: {
      site: funnelOf(sums),
      articles: top((s) => s.walls).map(({ articleId, title, sums: s }) => ({
        articleId,
        title,
        ...funnelOf(s),
      })),
      publishers: publishers
        .map((row) => ({
          publisherId: row.publisherId,
          name: row.name,
          ...funnelOf(sumsOf(row as never)),
        }))
        .sort((a, b) => b.views - a.views || a.publisherId - b.publisherId),
    },
  };
}

/** One article's figures over the last `days` days to `today`. */
export async function readArticleFigures(
  db: Db,
  articleId: number,
  today: string,
  days: AnalyticsSpan,
): Promise<ArticleAnalytics> {
  const span = spanOf(today, days);
  const [row, visitors] = await Promise.all([
    db
      .selectFrom('analyticsDaily')
      .where('articleId', '=', articleId)
      .where('bucket', 'in', span.days)
      .select(summed)
      .executeTakeFirst(),
    visitorsByBucket(db, span.days, articleId),
  ]);
  const sums = sumsOf(row as never);
  return {
    articleId,
    days,
    visitors: sumOfMap(visitors),
    ...funnelOf(sums),
    avgEngagedSeconds: average(sums.engagedSeconds, sums.engagedCount),
    avgScrollDepth: average(sums.scrollSum, sums.scrollCount),
  };
}

/** This calendar month's (`today`'s, site's time zone) reader-revenue figures. */
export async function readMonthFigures(
  db: Db,
  today: string,
  settings: ReaderRevenueMonth['settings'],
): Promise<ReaderRevenueMonth> {
  const month = today.slice(0, 7);
  const first = `${month}-01`;
  const last = addDays(addDays(first, 31).slice(0, 7) + '-01', -1);
  const row = await db
    .selectFrom('analyticsDaily')
    .where('bucket', 'in', daysFrom(first, last))
    .select(summed)
    .executeTakeFirst();
  const sums = sumsOf(row as never);
  return {
    month,
    settings,
    meteredReads: sums.meteredReads,
    walls: sums.walls,
    registrationsAfterWall: sums.registrationsAfterWall,
    subscriptionsAfterWall: sums.subscriptions,
    giftsGiven: sums.giftsGiven,
    giftsOpened: sums.giftsOpened,
  };
}
