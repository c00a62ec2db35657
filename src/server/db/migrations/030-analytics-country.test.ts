import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { tableColumns } from '#server/test/schema-columns';
import { down, up } from './030-analytics-country.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('migration 030', () => {
  it("adds the events' country and the countries' daily page views, and takes them away", async () => {
    const untyped = t.app.database.db as unknown as Kysely<unknown>;
    expect(await tableColumns(untyped, 'analytics_event')).toContain('country');
    expect(await tableColumns(untyped, 'analytics_country_daily')).toEqual(
      expect.arrayContaining(['bucket', 'country', 'page_views']),
    );
    await down(untyped);
    expect(await tableColumns(untyped, 'analytics_event')).not.toContain('country');
    expect(await tableColumns(untyped, 'analytics_country_daily')).toEqual([]);
    await up(untyped);
    expect(await tableColumns(untyped, 'analytics_event')).toContain('country');
  });
});
