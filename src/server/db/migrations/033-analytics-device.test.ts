import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsCounters } from '#server/db/schema';
import { createTestApp, type TestApp } from '#server/test/app';
import { tableColumns } from '#server/test/schema-columns';
import { down, up } from './033-analytics-device.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A row of the hourly and daily counts per article, publisher, source and device (027). */
interface CubeRow extends AnalyticsCounters {
  bucket: string;
  articleId: number;
  publisherId: number;
  sourceKind: string;
  source: string;
  device: string;
}

const none: AnalyticsCounters = {
  pageViews: 0,
  walls: 0,
  meteredReads: 0,
  checkouts: 0,
  subscriptions: 0,
  registrations: 0,
  newsletterSignups: 0,
  giftsGiven: 0,
  giftsOpened: 0,
  engagedCount: 0,
  engagedSeconds: 0,
  scrollCount: 0,
  scrollSum: 0,
};

const row = (
  bucket: string,
  articleId: number,
  source: string,
  device: string,
  counts: Partial<AnalyticsCounters>,
): CubeRow => ({
  bucket,
  articleId,
  publisherId: articleId ? 100 : 0,
  sourceKind: source ? 'referrer' : '',
  source,
  device,
  ...none,
  ...counts,
});

describe('migration 033', () => {
  it("fills the devices' days from the daily counts, then drops those and the hourly ones", async () => {
    const db = t.app.database.db;
    const untyped = db as unknown as Kysely<unknown>;
    const cube = db as unknown as Kysely<{ analyticsDaily: CubeRow; analyticsHourly: CubeRow }>;
    expect(await tableColumns(untyped, 'analytics_daily')).toEqual([]);
    expect(await tableColumns(untyped, 'analytics_hourly')).toEqual([]);

    // Down makes the two tables again, empty, and drops the devices' days.
    await down(untyped);
    expect(await tableColumns(untyped, 'analytics_device_daily')).toEqual([]);
    for (const [table, typed] of [
      ['analytics_daily', 'analyticsDaily'],
      ['analytics_hourly', 'analyticsHourly'],
    ] as const) {
      expect(await tableColumns(untyped, table)).toEqual(
        expect.arrayContaining(['bucket', 'article_id', 'source', 'device', 'page_views']),
      );
      expect(await cube.selectFrom(typed).selectAll().execute()).toEqual([]);
    }

    await cube
      .insertInto('analyticsDaily')
      .values([
        row('2026-08-01', 1, 'a.example', 'mobile', { pageViews: 3, engagedSeconds: 40 }),
        row('2026-08-01', 2, 'b.example', 'mobile', { pageViews: 4, walls: 1 }),
        row('2026-08-01', 1, '', 'desktop', { engagedCount: 2, engagedSeconds: 30 }),
        row('2026-08-02', 0, 'a.example', 'mobile', { pageViews: 5 }),
        // A subscription paid by webhook has no device.
        row('2026-08-02', 0, '', '', { subscriptions: 1 }),
      ])
      .execute();
    // The hours are in the days already: not counted again.
    await cube
      .insertInto('analyticsHourly')
      .values([row('2026-08-01T10', 1, 'a.example', 'mobile', { pageViews: 3 })])
      .execute();
    await up(untyped);

    const devices = await db
      .selectFrom('analyticsDeviceDaily')
      .selectAll()
      .orderBy('bucket')
      .orderBy('device')
      .execute();
    expect(
      devices.map((r) => [
        r.bucket,
        r.device,
        Number(r.pageViews),
        Number(r.walls),
        Number(r.subscriptions),
        Number(r.engagedCount),
        Number(r.engagedSeconds),
      ]),
    ).toEqual([
      ['2026-08-01', 'desktop', 0, 0, 0, 2, 30],
      ['2026-08-01', 'mobile', 7, 1, 0, 0, 40],
      ['2026-08-02', '', 0, 0, 1, 0, 0],
      ['2026-08-02', 'mobile', 5, 0, 0, 0, 0],
    ]);
    expect(await tableColumns(untyped, 'analytics_daily')).toEqual([]);
    expect(await tableColumns(untyped, 'analytics_hourly')).toEqual([]);
  });
});
