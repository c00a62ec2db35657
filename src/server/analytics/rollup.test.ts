import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsEventKind } from '#server/db/schema';
import { createTestApp, type TestApp } from '#server/test/app';
import { EventBuffer, type EventRow } from './event-buffer.js';
import { rollUp } from './rollup.js';

/*
 * The roll-up over more events than one of its transactions takes: each transaction groups its
 * share of the raw events in the database, and what the shares add up to is what the events
 * count, each visitor once however many transactions saw them.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

const start = Date.parse('2026-07-01T10:00:00Z');
const kinds: AnalyticsEventKind[] = ['pageview', 'pageview', 'engagement', 'paywall', 'checkout'];

/** Event `n` of the run: its kind, hour, article (or none), visitor, source and figures. */
function event(n: number): EventRow {
  const kind = kinds[n % kinds.length]!;
  const hour = n < 1_500 ? '2026-07-01T10' : n < 2_200 ? '2026-07-01T11' : '2026-07-02T09';
  const articleId = n % 7 === 0 ? null : 1 + (n % 4);
  return {
    at: start + n,
    hour,
    kind,
    articleId,
    publisherId: articleId === null ? null : 10 + (articleId % 2),
    ...(kind === 'pageview' && {
      visitorHash: `visitor-${n % 11}`,
      sourceKind: n % 3 === 0 ? 'search' : 'direct',
      source: n % 3 === 0 ? 'google' : 'direct',
      country: n % 2 === 0 ? 'PT' : null,
    }),
    ...(kind === 'engagement' && { engagedSeconds: n % 50, scrollDepth: n % 100 }),
    device: ['desktop', 'mobile', 'tablet'][n % 3]!,
  };
}

const eventCount = 2_600;

describe('the roll-up of many events', () => {
  it('counts each once over many transactions, and each visitor once a day and hour', async () => {
    const db = t.app.database.db;
    const buffer = new EventBuffer(db);
    const events = Array.from({ length: eventCount }, (_, n) => event(n));
    for (const row of events) buffer.add(row);
    await buffer.flush();

    // On the connection the timer job rolls up on (a worker thread's, on SQLite).
    const { background } = t.app.database;
    expect(await rollUp(background, new Date(start + 60_000))).toBe(eventCount);
    expect(await rollUp(background, new Date(start + 120_000))).toBe(0);

    // The site's day and hour: page views, walls, credited checkouts, engagement.
    const site = new Map(
      (await db.selectFrom('analyticsSite').selectAll().execute()).map((row) => [
        row.bucket,
        [row.pageViews, row.walls, row.checkouts, row.engagedCount, row.engagedSeconds].map(Number),
      ]),
    );
    const expected = new Map<string, number[]>();
    for (const row of events) {
      for (const bucket of [row.hour, row.hour.slice(0, 10)]) {
        const counts = expected.get(bucket) ?? [0, 0, 0, 0, 0];
        if (row.kind === 'pageview') counts[0]! += 1;
        if (row.kind === 'paywall') counts[1]! += 1;
        if (row.kind === 'checkout' && row.articleId !== null) counts[2]! += 1;
        if (row.engagedSeconds != null) {
          counts[3]! += 1;
          counts[4]! += row.engagedSeconds;
        }
        expected.set(bucket, counts);
      }
    }
    expect(site).toEqual(expected);

    // Every article's page views a day, and the 90 days' totals.
    const daily = await db.selectFrom('analyticsArticleDaily').selectAll().execute();
    const views = (filter: (row: EventRow) => boolean) =>
      events.filter((row) => row.kind === 'pageview' && filter(row)).length;
    for (const row of daily) {
      expect(Number(row.pageViews)).toBe(
        views((e) => e.articleId === row.articleId && e.hour.startsWith(row.bucket)),
      );
    }
    const spans = await db
      .selectFrom('analyticsArticleSpan')
      .selectAll()
      .where('days', '=', 90)
      .execute();
    expect(spans.map((row) => [row.articleId, Number(row.pageViews)]).sort()).toEqual(
      [1, 2, 3, 4].map((id) => [id, views((e) => e.articleId === id)]),
    );
    // The one-day span ends on the newest day: its totals are that day's alone.
    const today = await db
      .selectFrom('analyticsArticleSpan')
      .select(['articleId', 'pageViews'])
      .where('days', '=', 1)
      .execute();
    for (const row of today) {
      expect(Number(row.pageViews)).toBe(
        views((e) => e.articleId === row.articleId && e.hour.startsWith('2026-07-02')),
      );
    }

    // Eleven visitors, each counted once in each hour and day, by the site and by each article.
    const visitors = new Map(
      (await db.selectFrom('analyticsVisitors').selectAll().execute()).map((row) => [
        `${row.bucket} ${row.articleId}`,
        Number(row.visitors),
      ]),
    );
    const distinct = (bucket: string, articleId: number) =>
      new Set(
        events
          .filter(
            (e) =>
              e.kind === 'pageview' &&
              e.hour.startsWith(bucket) &&
              (articleId === 0 || e.articleId === articleId),
          )
          .map((e) => e.visitorHash),
      ).size;
    expect(visitors.get('2026-07-01T10 0')).toBe(11);
    for (const [key, count] of visitors) {
      const [bucket, articleId] = key.split(' ') as [string, string];
      expect(count, key).toBe(distinct(bucket, Number(articleId)));
    }
    expect(visitors.size).toBe(3 + 2 + 2 * 4);

    // Sources and countries of the page views, a day.
    const countries = await db.selectFrom('analyticsCountryDaily').selectAll().execute();
    expect(countries.map((row) => [row.bucket, row.country, Number(row.pageViews)])).toEqual(
      ['2026-07-01', '2026-07-02'].map((day) => [
        day,
        'PT',
        views((e) => e.country === 'PT' && e.hour.startsWith(day)),
      ]),
    );
    const sources = await db
      .selectFrom('analyticsSourceDaily')
      .selectAll()
      .where('source', '=', 'google')
      .orderBy('bucket')
      .execute();
    expect(sources.map((row) => Number(row.pageViews))).toEqual(
      ['2026-07-01', '2026-07-02'].map((day) =>
        views((e) => e.source === 'google' && e.hour.startsWith(day)),
      ),
    );
  });
});
