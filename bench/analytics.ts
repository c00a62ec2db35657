import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Insertable } from 'kysely';
import { analyticsSpans } from '../src/shared/api/analytics.js';
import { rollUp } from '../src/server/analytics/rollup.js';
import { addRows, advanceSpans } from '../src/server/analytics/dimensions.js';
import { KeptOverviews } from '../src/server/analytics/kept-overviews.js';
import { readOverview } from '../src/server/analytics/overview.js';
import { addDays } from '../src/server/analytics/days.js';
import { openDatabase, type Db } from '../src/server/db/database.js';
import type { AnalyticsEventTable, AnalyticsVisitorsTable } from '../src/server/db/schema.js';
import { Tally, type CountedEvent } from './analytics-tally.js';
import { createBenchDatabase } from './databases.js';
import { fillDatabase } from './fill.js';

/**
 * npm run bench:analytics [-- --smoke] [-- --events-per-day N]: the analytics' own budgets
 * (docs/PERFORMANCE.md), on SQLite, in process (no HTTP: the event route is the main bench's
 * `events` scenario), over 90 days of roll-ups made as N events a day (1,000,000 by default)
 * would make them (readers spread over the articles as on a news site: a few articles take most
 * of the views), written straight into the per-dimension roll-ups the answers read:
 * - the articles' span totals made from those 90 days, as the first roll-up after migration 029
 *   makes them;
 * - the roll-up, by the minute job's function: a catch-up of a tenth of a day's raw events (the
 *   day's first run, which also moves the span totals on a day), then a minute's share of N;
 * - the dashboard's overview for 1, 7, 30 and 90 days, each read 20 times as the server reads
 *   it when nothing is kept (its slowest and median), and once more as kept between roll-ups.
 */
const { values } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    'events-per-day': { type: 'string' },
  },
});
const smoke = values.smoke;
const eventsPerDay = Number(values['events-per-day'] ?? (smoke ? 20_000 : 1_000_000));
const articles = smoke ? 1_000 : 20_000;
const historyDays = 90;
const reads = 20;
const overviewBudgetMs = 50;
const today = '2026-11-29';

/** Where page views come from: a few search engines and networks, and a long tail of sites. */
const sources = [
  ['search', 'google.com'],
  ['search', 'bing.com'],
  ['search', 'duckduckgo.com'],
  ['social', 'facebook.com'],
  ['social', 'x.com'],
  ['social', 'reddit.com'],
  ['newsletter', 'newsletter'],
  ['direct', 'direct'],
  ...Array.from({ length: 40 }, (_, n) => ['referrer', `site${n}.example`]),
] as const;
const devices = ['desktop', 'mobile', 'tablet'] as const;

/** A deterministic random number generator, so two runs measure the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** An article index, most views going to a few: the n-th most read takes about 1/n of them. */
function zipf(next: () => number, count: number): number {
  return Math.min(count - 1, Math.floor(Math.exp(next() * Math.log(count + 1))) - 1);
}

const database = await createBenchDatabase('sqlite');
try {
  console.log(`Filling SQLite with ${articles.toLocaleString('en')} articles...`);
  const fill = await fillDatabase(database.config, { articles, users: smoke ? 100 : 2_000 });
  const handle = openDatabase(database.config);
  try {
    const ids = [...fill.openIds, ...fill.premiumIds];
    const publisherOf = await publishers(handle.db);

    console.log(
      `Writing ${historyDays} days of roll-ups for ${eventsPerDay.toLocaleString('en')} events a day...`,
    );
    const rows = await writeHistory(handle.db, ids, publisherOf);
    console.log(`  ${rows.toLocaleString('en')} rows of articles' days.`);
    let started = performance.now();
    await handle.db.transaction().execute((trx) => advanceSpans(trx, addDays(today, -1)));
    const spansMs = performance.now() - started;

    const sample = Math.round(eventsPerDay / 10);
    const minuteShare = Math.round(eventsPerDay / (24 * 60));
    console.log(`Rolling up ${sample.toLocaleString('en')} raw events, then ${minuteShare}...`);
    const catchUpSeconds = await timedRollUp(handle.db, ids, publisherOf, sample, 0);
    const minuteMs = (await timedRollUp(handle.db, ids, publisherOf, minuteShare, 1)) * 1000;

    const checks = [
      {
        budget: `the span totals made from ${historyDays} days of articles' counts, once`,
        limit: '< 60 s',
        actual: `${(spansMs / 1000).toFixed(1)} s`,
        met: spansMs < 60_000,
      },
      {
        budget: `the roll-up catching up ${sample.toLocaleString('en')} events`,
        limit: '< 60 s',
        actual: `${catchUpSeconds.toFixed(1)} s (${Math.round(sample / catchUpSeconds).toLocaleString('en')} events a second)`,
        met: catchUpSeconds < 60,
      },
      {
        budget: `the roll-up of a minute's events (${minuteShare})`,
        limit: '< 60 s',
        actual: `${minuteMs.toFixed(0)} ms`,
        met: minuteMs < 60_000,
      },
    ];
    const kept = new KeptOverviews(handle.db, { current: () => ({ generation: 0, sure: true }) });
    for (const days of analyticsSpans) {
      const times: number[] = [];
      for (let n = 0; n < reads; n += 1) {
        started = performance.now();
        await readOverview(handle.db, today, days);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const slowest = times.at(-1)!;
      await kept.read(today, days);
      started = performance.now();
      await kept.read(today, days);
      const keptMs = performance.now() - started;
      checks.push({
        budget: `the overview of ${days} day${days === 1 ? '' : 's'}, slowest of ${reads}`,
        limit: `< ${overviewBudgetMs} ms`,
        actual: `${slowest.toFixed(1)} ms (median ${times[reads / 2]!.toFixed(1)} ms; kept ${keptMs.toFixed(1)} ms)`,
        met: slowest < overviewBudgetMs,
      });
    }
    console.log('');
    for (const c of checks) {
      console.log(`${c.met ? 'met   ' : 'MISSED'} ${c.budget}: ${c.actual} (${c.limit})`);
    }
    process.exitCode = checks.some((c) => !c.met) && !smoke ? 1 : 0;
  } finally {
    await handle.close();
  }
} finally {
  await database.drop();
}

async function publishers(db: Db): Promise<Map<number, number>> {
  const rows = await db.selectFrom('article').select(['id', 'publisherId']).execute();
  return new Map(rows.map((row) => [row.id, row.publisherId]));
}

/**
 * Writes `count` raw events of today's `part`-th tenth (page views, their engagement, walls),
 * rolls them up and answers the seconds that took.
 */
async function timedRollUp(
  db: Db,
  ids: number[],
  publisherOf: Map<number, number>,
  count: number,
  part: number,
): Promise<number> {
  const next = random(1 + part);
  const start = Date.parse(`${today}T00:00:00Z`) + part * 2.4 * 3_600_000;
  const rows: Insertable<AnalyticsEventTable>[] = [];
  for (let n = 0; n < count; n += 1) {
    const articleId = ids[zipf(next, ids.length)]!;
    const at = start + Math.floor((n / count) * 2.3 * 3_600_000);
    const [sourceKind, source] = sources[Math.floor(next() * sources.length)]!;
    const roll = next();
    const kind = roll < 0.8 ? 'pageview' : roll < 0.95 ? 'engagement' : 'registration_wall';
    rows.push({
      at,
      hour: new Date(at).toISOString().slice(0, 13),
      kind,
      articleId,
      publisherId: publisherOf.get(articleId) ?? 0,
      visitorHash: hash(`visitor ${Math.floor(next() * count * 0.4)}`),
      sourceKind: kind === 'pageview' ? sourceKind : '',
      source: kind === 'pageview' ? source : '',
      device: devices[Math.floor(next() * devices.length)]!,
      engagedSeconds: kind === 'engagement' ? Math.floor(next() * 300) : null,
      scrollDepth: kind === 'engagement' ? Math.floor(next() * 100) : null,
    });
  }
  await db.transaction().execute(async (trx) => {
    for (let first = 0; first < rows.length; first += 500) {
      await trx
        .insertInto('analyticsEvent')
        .values(rows.slice(first, first + 500))
        .execute();
    }
  });
  const started = performance.now();
  const rolled = await rollUp(db, new Date(start + 2.4 * 3_600_000));
  if (rolled !== count) throw new Error(`Rolled up ${rolled} events of ${count}`);
  return (performance.now() - started) / 1000;
}

/**
 * The per-dimension daily roll-ups of the 90 days before today as `eventsPerDay` events a day
 * make them (page views and, for one in twenty, a wall; the same spread of articles and
 * sources), counted in memory a day at a time. Answers the articles' daily rows written.
 */
async function writeHistory(
  db: Db,
  ids: number[],
  publisherOf: Map<number, number>,
): Promise<number> {
  const next = random(2);
  let written = 0;
  for (let back = 1; back <= historyDays; back += 1) {
    const bucket = addDays(today, -back);
    const site = new Tally<{ bucket: string }>();
    const articles = new Tally<{ articleId: number; bucket: string }>();
    const publishers = new Tally<{ bucket: string; publisherId: number }>();
    const byDevice = new Tally<{ bucket: string; device: string }>();
    const views = new Map<string, number>();
    for (let n = 0; n < eventsPerDay; n += 1) {
      const articleId = ids[zipf(next, ids.length)]!;
      const [sourceKind, source] = sources[Math.floor(next() * sources.length)]!;
      const event: CountedEvent = {
        hour: `${bucket}T00`,
        kind: next() < 0.05 ? 'paywall' : 'pageview',
        articleId,
        publisherId: publisherOf.get(articleId) ?? 0,
        sourceKind,
        source,
        engagedSeconds: null,
        scrollDepth: null,
        // Not drawn from `next`, so the articles and sources are those of the runs before.
        device: devices[n % devices.length]!,
        country: null,
      };
      site.count({ bucket }, event, true);
      articles.count({ articleId, bucket }, event);
      publishers.count({ bucket, publisherId: event.publisherId! }, event);
      byDevice.count({ bucket, device: event.device }, event);
      if (event.kind === 'pageview') {
        views.set(`${sourceKind} ${source}`, (views.get(`${sourceKind} ${source}`) ?? 0) + 1);
      }
    }
    const byArticle = [...articles.rows.values()];
    await db.transaction().execute(async (trx) => {
      await addRows(trx, 'analyticsSite', ['bucket'], [...site.rows.values()]);
      await addRows(trx, 'analyticsArticleDaily', ['articleId', 'bucket'], byArticle);
      await addRows(
        trx,
        'analyticsPublisherDaily',
        ['bucket', 'publisherId'],
        [...publishers.rows.values()],
      );
      await addRows(trx, 'analyticsDeviceDaily', ['bucket', 'device'], [...byDevice.rows.values()]);
      const bySource = [...views].map(([key, pageViews]) => {
        const [sourceKind, source] = key.split(' ') as [string, string];
        return { bucket, sourceKind, source, pageViews };
      });
      await addRows(trx, 'analyticsSourceDaily', ['bucket', 'sourceKind', 'source'], bySource, [
        'pageViews',
      ]);
      const visitors: Insertable<AnalyticsVisitorsTable>[] = [
        { bucket, articleId: 0, visitors: Math.round(eventsPerDay * 0.4) },
        ...byArticle.map((row) => ({
          bucket,
          articleId: row.articleId,
          visitors: Math.ceil(row.pageViews * 0.8),
        })),
      ];
      for (let first = 0; first < visitors.length; first += 500) {
        await trx
          .insertInto('analyticsVisitors')
          .values(visitors.slice(first, first + 500))
          .execute();
      }
    });
    written += byArticle.length;
  }
  return written;
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}
