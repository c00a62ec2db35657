import { z } from 'zod';

/*
 * First-party analytics: what the page beacon posts, and what the admin dashboard reads. No
 * event names a person: a visitor is a daily hash the server makes and forgets (decision in
 * docs/decisions), and the beacon sends no cookie and keeps nothing in the browser.
 */

/** The longest path or referrer an event keeps; longer ones are cut, not refused. */
export const maxEventUrl = 2048;

const eventPath = z
  .string({ error: 'path is the page path' })
  .startsWith('/', 'path starts with /')
  .max(maxEventUrl, `path is at most ${maxEventUrl} characters`);

/**
 * A page shown: its path with the query (UTM parameters are read from it on the server) and
 * `document.referrer`, of which the server keeps the host only.
 */
export const pageViewEventSchema = z.object({
  type: z.literal('pageview'),
  path: eventPath,
  referrer: z.string().max(maxEventUrl, `referrer is at most ${maxEventUrl} characters`).optional(),
});

/**
 * Sent when the page is hidden: the seconds it was visible and in use, and the deepest point of
 * the article read, in percent of its length.
 */
export const engagementEventSchema = z.object({
  type: z.literal('engagement'),
  path: eventPath,
  engagedSeconds: z
    .number({ error: 'engagedSeconds is a number of seconds' })
    .int()
    .min(0)
    .max(86_400, 'engagedSeconds is at most a day'),
  scrollDepth: z
    .number({ error: 'scrollDepth is a percentage' })
    .int()
    .min(0)
    .max(100, 'scrollDepth is at most 100'),
});

/** `POST /api/events`: one event a beacon. */
export const beaconEventSchema = z.discriminatedUnion(
  'type',
  [pageViewEventSchema, engagementEventSchema],
  { error: 'type is pageview or engagement' },
);
export type BeaconEvent = z.infer<typeof beaconEventSchema>;

/** The spans the dashboard offers: today, and the last 7, 30 and 90 days. */
export const analyticsSpans = [1, 7, 30, 90] as const;
export type AnalyticsSpan = (typeof analyticsSpans)[number];

/** `GET /api/analytics/overview?days=`: 7 unless 1, 30 or 90. */
export const analyticsOverviewQuery = z.object({
  days: z.coerce
    .number({ error: 'days is 1, 7, 30 or 90' })
    .refine(
      (days): days is AnalyticsSpan => (analyticsSpans as readonly number[]).includes(days),
      'days is 1, 7, 30 or 90',
    )
    .default(7),
});

/** Where readers came from, by kind of source. */
export const sourceKinds = ['direct', 'search', 'social', 'newsletter', 'referrer'] as const;
export type SourceKind = (typeof sourceKinds)[number];

/** One point of the visitors chart: an hour for `days=1`, else a day (site's time zone). */
export const trafficPointSchema = z.object({
  bucket: z.string().describe('YYYY-MM-DD, or YYYY-MM-DDTHH for an hour'),
  visitors: z.number().int(),
  pageViews: z.number().int(),
});
export type TrafficPoint = z.infer<typeof trafficPointSchema>;

/** The funnel's steps, for one article, one publisher, or the whole site. */
export const funnelSchema = z.object({
  views: z.number().int(),
  /** Paywall or registration wall shown. */
  walls: z.number().int(),
  checkouts: z.number().int(),
  /** Subscriptions paid, each credited to the last article whose wall its reader met within 7 days. */
  subscriptions: z.number().int(),
});
export type Funnel = z.infer<typeof funnelSchema>;

export const topArticleSchema = z.object({
  articleId: z.number().int(),
  title: z.string(),
  views: z.number().int(),
  /** Average engaged seconds of the views that reported it; null when none did. */
  avgEngagedSeconds: z.number().nullable(),
  /** Average deepest scroll, percent; null when no view reported it. */
  avgScrollDepth: z.number().nullable(),
});
export type TopArticle = z.infer<typeof topArticleSchema>;

export const trafficSourceSchema = z.object({
  kind: z.enum(sourceKinds),
  /** The referrer's host, the UTM source, or the kind's own name ("direct"). */
  source: z.string(),
  pageViews: z.number().int(),
});
export type TrafficSource = z.infer<typeof trafficSourceSchema>;

/** The kinds of device a reader's user agent is classed as. */
export const deviceClasses = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof deviceClasses)[number];

export const deviceViewsSchema = z.object({
  device: z.enum(deviceClasses),
  pageViews: z.number().int(),
});
export type DeviceViews = z.infer<typeof deviceViewsSchema>;

export const countryViewsSchema = z.object({
  /** ISO 3166-1 alpha-2 code, e.g. NZ. */
  country: z.string(),
  pageViews: z.number().int(),
});
export type CountryViews = z.infer<typeof countryViewsSchema>;

export const articleFunnelSchema = funnelSchema.extend({
  articleId: z.number().int(),
  title: z.string(),
});
export const publisherFunnelSchema = funnelSchema.extend({
  publisherId: z.number().int(),
  name: z.string(),
});

/** What the editor's view shows for a span, with the span before it beside the totals. */
export const analyticsOverviewSchema = z.object({
  days: z.number().int(),
  /** First and last day of the span, YYYY-MM-DD in the site's time zone. */
  from: z.string(),
  to: z.string(),
  totals: z.object({
    visitors: z.number().int(),
    pageViews: z.number().int(),
    previousVisitors: z.number().int(),
    previousPageViews: z.number().int(),
  }),
  /** Every hour (days=1) or day of the span, oldest first, zeros included. */
  series: z.array(trafficPointSchema),
  /** The 10 articles most viewed in the span. */
  topArticles: z.array(topArticleSchema),
  /** The 10 largest sources. */
  sources: z.array(trafficSourceSchema),
  /** Page views by the reader's device class, most first; a class without any is left out. */
  devices: z.array(deviceViewsSchema),
  /**
   * Page views by the reader's country, most first (every country: a bounded list); empty
   * unless the server has a country database (GEOIP_DATABASE).
   */
  countries: z.array(countryViewsSchema),
  funnel: z.object({
    site: funnelSchema,
    /** The 10 articles with the most walls shown. */
    articles: z.array(articleFunnelSchema),
    publishers: z.array(publisherFunnelSchema),
  }),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

/** The overview's tables, each of which `Accept: text/csv` answers with `?table=`. */
export const analyticsTables = [
  'series',
  'topArticles',
  'sources',
  'funnelArticles',
  'funnelPublishers',
  'devices',
  'countries',
] as const;
export type AnalyticsTable = (typeof analyticsTables)[number];

export const analyticsCsvQuery = analyticsOverviewQuery.extend({
  table: z.enum(analyticsTables, {
    error: `table is one of ${analyticsTables.join(', ')}`,
  }),
});

/** `GET /api/analytics/articles/:id?days=`: one article's figures, for its admin card. */
export const articleAnalyticsSchema = funnelSchema.extend({
  articleId: z.number().int(),
  days: z.number().int(),
  visitors: z.number().int(),
  avgEngagedSeconds: z.number().nullable(),
  avgScrollDepth: z.number().nullable(),
});
export type ArticleAnalytics = z.infer<typeof articleAnalyticsSchema>;

/**
 * `GET /api/analytics/reader-revenue`: the reading meter's and gift links' settings, and this
 * calendar month's figures (site's time zone).
 */
export const readerRevenueMonthSchema = z.object({
  month: z.string().describe('YYYY-MM'),
  settings: z.object({
    guestFree: z.number().int(),
    registeredFree: z.number().int(),
    giftsPerMonth: z.number().int(),
  }),
  meteredReads: z.number().int(),
  walls: z.number().int(),
  /** Accounts made, and subscriptions paid, by readers within 7 days of meeting a wall. */
  registrationsAfterWall: z.number().int(),
  subscriptionsAfterWall: z.number().int(),
  giftsGiven: z.number().int(),
  giftsOpened: z.number().int(),
});
export type ReaderRevenueMonth = z.infer<typeof readerRevenueMonthSchema>;
