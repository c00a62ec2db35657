import {
  deviceClasses,
  type AnalyticsOverview,
  type AnalyticsSpan,
  type ArticleAnalytics,
  type DeviceClass,
  type ReaderRevenueMonth,
  type SourceKind,
} from '#shared/api/analytics';
import type { Db } from '#server/db/database';
import { addDays, daysFrom } from './days.js';
import { counterNames } from './dimensions.js';
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

type Top = 'pageViews' | 'walls';

/**
 * The ten articles with the most `by` over the span: the first rows of the span's running
 * totals when they end today (the roll-up keeps them so), else summed from the daily counts
 * (a day whose events have not been rolled up yet, or an answer of another day).
 */
async function topArticles(
  db: Db,
  today: string,
  days: AnalyticsSpan,
  spanDays: string[],
  by: Top,
) {
  const end = await db
    .selectFrom('analyticsSpan')
    .select('day')
    .where('days', '=', days)
    .executeTakeFirst();
  const rows =
    end?.day === today
      ? await db
          .selectFrom('analyticsArticleSpan')
          .innerJoin('article', 'article.id', 'analyticsArticleSpan.articleId')
          .select(['analyticsArticleSpan.articleId', 'article.title'])
          .select(counterNames.map((name) => `analyticsArticleSpan.${name}` as const))
          .select('analyticsArticleSpan.registrations as registrationsAfterWall')
          .where('days', '=', days)
          .where(`analyticsArticleSpan.${by}`, '>', 0)
          .orderBy(`analyticsArticleSpan.${by}`, 'desc')
          .orderBy('analyticsArticleSpan.articleId')
          .limit(10)
          .execute()
      : await db
          .selectFrom('analyticsArticleDaily')
          .innerJoin('article', 'article.id', 'analyticsArticleDaily.articleId')
          .select(['analyticsArticleDaily.articleId', 'article.title', ...summed])
          .where('bucket', 'in', spanDays)
          .groupBy(['analyticsArticleDaily.articleId', 'article.title'])
          .having(total(columnOf[by]), '>', 0)
          .orderBy(total(columnOf[by]), 'desc')
          .orderBy('analyticsArticleDaily.articleId')
          .limit(10)
          .execute();
  return rows.map((row) => ({
    articleId: row.articleId,
    title: row.title,
    sums: sumsOf(row as never),
  }));
}

const columnOf = { pageViews: 'page_views', walls: 'walls' } as const;

/**
 * The editor's overview of the last `days` days to `today` (the site's time zone), read from
 * the per-dimension roll-ups alone (migrations 029, 030, 033): totals beside the span before, the
 * series by hour (`days` 1) or day, the top articles and sources, the devices and countries, and
 * the funnel.
 */
export async function readOverview(
  db: Db,
  today: string,
  days: AnalyticsSpan,
): Promise<AnalyticsOverview> {
  const span = spanOf(today, days);
  const site = (buckets: string[]) =>
    db.selectFrom('analyticsSite').where('bucket', 'in', buckets).select(summed).executeTakeFirst();
  const buckets = days === 1 ? hoursOf(today) : span.days;
  const [current, previous, visitors, previousVisitors, seriesViews] = await Promise.all([
    site(span.days),
    site(span.previous),
    visitorsByBucket(db, span.days),
    visitorsByBucket(db, span.previous),
    db
      .selectFrom('analyticsSite')
      .where('bucket', 'in', buckets)
      .select(['bucket', 'pageViews'])
      .execute(),
  ]);
  const viewsByBucket = new Map(seriesViews.map((row) => [row.bucket, Number(row.pageViews)]));
  const visitorsOfSeries = days === 1 ? await visitorsByBucket(db, buckets) : visitors;

  const [byViews, byWalls, sources, publishers, devices, countries] = await Promise.all([
    topArticles(db, today, days, span.days, 'pageViews'),
    topArticles(db, today, days, span.days, 'walls'),
    db
      .selectFrom('analyticsSourceDaily')
      .where('bucket', 'in', span.days)
      .select(['sourceKind', 'source', total('page_views').as('pageViews')])
      .groupBy(['sourceKind', 'source'])
      .orderBy(total('page_views'), 'desc')
      .orderBy('source')
      .limit(10)
      .execute(),
    db
      .selectFrom('analyticsPublisherDaily')
      .innerJoin('publisher', 'publisher.id', 'analyticsPublisherDaily.publisherId')
      .where('bucket', 'in', span.days)
      .select(['analyticsPublisherDaily.publisherId', 'publisher.name', ...summed])
      .groupBy(['analyticsPublisherDaily.publisherId', 'publisher.name'])
      .execute(),
    // The classes with page views: the server's events without a request have the device ''.
    db
      .selectFrom('analyticsDeviceDaily')
      .where('bucket', 'in', span.days)
      .where('device', 'in', deviceClasses)
      .select(['device', total('page_views').as('pageViews')])
      .groupBy('device')
      .having(total('page_views'), '>', 0)
      .orderBy(total('page_views'), 'desc')
      .orderBy('device')
      .execute(),
    db
      .selectFrom('analyticsCountryDaily')
      .where('bucket', 'in', span.days)
      .select(['country', total('page_views').as('pageViews')])
      .groupBy('country')
      .orderBy(total('page_views'), 'desc')
      .orderBy('country')
      .execute(),
  ]);

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
    topArticles: byViews.map(({ articleId, title, sums: s }) => ({
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
    devices: devices.map((row) => ({
      device: row.device as DeviceClass,
      pageViews: Number(row.pageViews ?? 0),
    })),
    countries: countries.map((row) => ({
      country: row.country,
      pageViews: Number(row.pageViews ?? 0),
    })),
    funnel: {
      site: funnelOf(sums),
      articles: byWalls.map(({ articleId, title, sums: s }) => ({
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
      .selectFrom('analyticsArticleDaily')
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
    .selectFrom('analyticsSite')
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
