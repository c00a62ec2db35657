import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsCounters } from '#server/db/schema';
import { createTestApp, type TestApp } from '#server/test/app';
import { down, up } from './029-analytics-dimensions.js';
import { down as cubeBack } from './033-analytics-device.js';

/** A row of the hourly and daily counts per article, publisher, source and device (027). */
interface CubeRow extends Partial<AnalyticsCounters> {
  bucket: string;
  articleId: number;
  publisherId: number;
  sourceKind: string;
  source: string;
  device: string;
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const row = (bucket: string, articleId: number, source: string, views: number) =>
  ({
    bucket,
    articleId,
    publisherId: articleId ? 100 + (articleId % 2) : 0,
    sourceKind: source ? 'referrer' : '',
    source,
    device: 'desktop',
    pageViews: views,
    // A checkout credited to an article counts on the site's; one without, not.
    checkouts: 1,
  }) satisfies CubeRow;

describe('migration 029', () => {
  it("fills the site's, articles', publishers' and sources' roll-ups from the counts so far", async () => {
    const db = t.app.database.db;
    const untyped = db as unknown as Kysely<unknown>;
    // The counts it filled from, which migration 033 dropped.
    const cube = db as unknown as Kysely<{ analyticsDaily: CubeRow; analyticsHourly: CubeRow }>;
    await cubeBack(untyped);
    await down(untyped);
    await cube
      .insertInto('analyticsDaily')
      .values([
        row('2026-08-01', 1, 'a.example', 3),
        row('2026-08-01', 2, 'a.example', 4),
        row('2026-08-01', 0, '', 0),
        row('2026-08-02', 1, 'b.example', 5),
      ])
      .execute();
    await cube
      .insertInto('analyticsHourly')
      .values([row('2026-08-01T10', 1, 'a.example', 3)])
      .execute();
    await up(untyped);

    const site = await db.selectFrom('analyticsSite').selectAll().orderBy('bucket').execute();
    expect(site.map((r) => [r.bucket, Number(r.pageViews), Number(r.checkouts)])).toEqual([
      ['2026-08-01', 7, 2],
      ['2026-08-01T10', 3, 1],
      ['2026-08-02', 5, 1],
    ]);
    const articles = await db
      .selectFrom('analyticsArticleDaily')
      .selectAll()
      .orderBy('bucket')
      .orderBy('articleId')
      .execute();
    expect(articles.map((r) => [r.bucket, r.articleId, Number(r.pageViews)])).toEqual([
      ['2026-08-01', 1, 3],
      ['2026-08-01', 2, 4],
      ['2026-08-02', 1, 5],
    ]);
    const publishers = await db
      .selectFrom('analyticsPublisherDaily')
      .selectAll()
      .orderBy('bucket')
      .orderBy('publisherId')
      .execute();
    expect(publishers.map((r) => [r.bucket, r.publisherId, Number(r.pageViews)])).toEqual([
      ['2026-08-01', 100, 4],
      ['2026-08-01', 101, 3],
      ['2026-08-02', 101, 5],
    ]);
    const sources = await db
      .selectFrom('analyticsSourceDaily')
      .selectAll()
      .orderBy('bucket')
      .orderBy('source')
      .execute();
    expect(sources.map((r) => [r.bucket, r.source, Number(r.pageViews)])).toEqual([
      ['2026-08-01', 'a.example', 7],
      ['2026-08-02', 'b.example', 5],
    ]);
  });
});
