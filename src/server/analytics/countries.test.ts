import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsOverview } from '#shared/api/analytics';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createTestClock } from '#server/test/clock';
import { createArticle } from '#server/test/factories';
import { countryDatabaseFile } from '#server/test/mmdb';
import { sourcePages } from '#server/test/pages';
import { rollUp } from './rollup.js';

/*
 * The reader's country, with a country database set (GEOIP_DATABASE): a small MaxMind database
 * written for the test places two documentation networks. Behind a trusted proxy, the address
 * the proxy names is looked up.
 */

const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const clock = createTestClock(new Date('2026-09-10T09:00:00Z'));
let t: TestApp;
let admin: TestUser;
let premium: number;
const folder = mkdtempSync(path.join(os.tmpdir(), 'tribune-geoip-'));

beforeAll(async () => {
  t = await createTestApp(
    {
      publicUrl: 'https://news.example.com',
      timeZone: 'UTC',
      trustProxy: true,
      meter: { guest: 0, registered: 1 },
      geoipDatabase: countryDatabaseFile(folder, {
        '203.0.113.0/24': 'NZ',
        '198.51.100.0/24': 'FR',
      }),
    },
    { clock: clock.now, pages: await sourcePages() },
  );
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  premium = (await createArticle(t.app.database.db, admin.user.id, { isPremium: true })).id;
});

afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

const pageView = (forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/events',
    remoteAddress: '127.0.0.1',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': browser,
      'x-forwarded-for': forwardedFor,
    },
    payload: JSON.stringify({ type: 'pageview', path: '/' }),
  });

const countries = async () => {
  await t.app.analytics.flush();
  return (
    await t.app.database.db
      .selectFrom('analyticsEvent')
      .select(['kind', 'country'])
      .orderBy('id')
      .execute()
  ).map((row) => `${row.kind} ${row.country}`);
};

describe("the reader's country", () => {
  it('is recorded on page views and on the events of pages the server sends', async () => {
    for (const address of ['203.0.113.5', '203.0.113.6', '198.51.100.9', '192.0.2.1']) {
      expect((await pageView(address)).statusCode).toBe(204);
    }
    const page = await t.app.inject({
      method: 'GET',
      url: `/articles/${premium}`,
      remoteAddress: '127.0.0.1',
      headers: { 'user-agent': browser, 'x-forwarded-for': '198.51.100.20' },
    });
    expect(page.statusCode).toBe(200);
    expect(await countries()).toEqual([
      'pageview NZ',
      'pageview NZ',
      'pageview FR',
      'pageview null',
      'registration_wall FR',
    ]);
  });

  it("is the dashboard's countries table, and its CSV", async () => {
    await t.app.analytics.flush();
    await rollUp(t.app.database.db, new Date(clock.now().getTime() + 60_000));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/overview?days=7',
      headers: { cookie: admin.cookie },
    });
    expect(res.json<AnalyticsOverview>().countries).toEqual([
      { country: 'NZ', pageViews: 2 },
      { country: 'FR', pageViews: 1 },
    ]);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/overview?days=7&table=countries',
      headers: { cookie: admin.cookie, accept: 'text/csv' },
    });
    expect(csv.body).toBe('country,pageViews\r\nNZ,2\r\nFR,1\r\n');
  });
});
