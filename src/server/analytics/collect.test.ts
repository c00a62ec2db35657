import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createTestClock } from '#server/test/clock';
import { createArticle, createPublisher } from '#server/test/factories';
import { rollUp } from './rollup.js';
import { sweepAnalytics } from './sweep.js';

/*
 * The beacon's events through POST /api/events, what is kept of them, the daily salts, and the
 * roll-ups they make, on a clock the test moves. The site's time zone is UTC.
 */

const site = 'https://news.example.com';
const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ipad =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** 10:00 UTC on the first of July. */
const clock = createTestClock(new Date('2026-07-01T10:00:00Z'));
const hour = 60 * 60 * 1000;
let t: TestApp;
let admin: TestUser;
let publisherId: number;
let articles: number[];
let pending: number;

beforeAll(async () => {
  t = await createTestApp(
    // The timer's roll-up and sweep run often enough to be seen, and alongside the tests' own.
    { publicUrl: site, timeZone: 'UTC', sweepIntervalMs: 100 },
    { clock: clock.now },
  );
  const db = t.app.database.db;
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  publisherId = (await createPublisher(db, { name: 'Harbour Press' })).id;
  articles = [];
  for (const title of ['Tides, "high" and low', '=HYPERLINK("x")', 'Third story']) {
    articles.push((await createArticle(db, admin.user.id, { title, publisherId })).id);
  }
  pending = (await createArticle(db, admin.user.id, { isApproved: false })).id;
});

afterAll(() => t.close());

let nextAddress = 0;
/** A fresh address for each visitor the test makes up. */
const address = () => `203.0.113.${(nextAddress += 1)}`;

/** What `navigator.sendBeacon(url, JSON.stringify(event))` sends from our own page. */
function beacon(
  event: unknown,
  { ip = '198.51.100.7', ua = chrome, headers = {} as Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/events',
    remoteAddress: ip,
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      origin: site,
      'sec-fetch-site': 'same-origin',
      'user-agent': ua,
      ...headers,
    },
    payload: typeof event === 'string' ? event : JSON.stringify(event),
  });
}

/** The raw events, those the server holds written first (event-buffer.ts). */
const events = async () => {
  await t.app.analytics.flush();
  return t.app.database.db.selectFrom('analyticsEvent').selectAll().orderBy('id').execute();
};
const eventCount = async () => (await events()).length;
/** Writes the events the server holds (event-buffer.ts), then rolls up as the minute's job does. */
const rollUpNow = async () => {
  await t.app.analytics.flush();
  return rollUp(t.app.database.db, new Date(clock.now().getTime() + 60_000));
};

describe('collecting a beacon', () => {
  it('keeps one page view a beacon, with what the server derives, and answers 204', async () => {
    const before = await eventCount();
    const ip = address();
    const res = await beacon(
      {
        type: 'pageview',
        path: `/articles/${articles[0]}?utm_source=Mastodon&utm_medium=social&utm_campaign=launch`,
        referrer: 'https://www.facebook.com/some/post?id=12',
      },
      { ip, ua: iphone },
    );
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const rows = await events();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      kind: 'pageview',
      articleId: articles[0],
      publisherId,
      sourceKind: 'social',
      source: 'facebook.com',
      utmSource: 'mastodon',
      utmMedium: 'social',
      utmCampaign: 'launch',
      device: 'mobile',
      hour: '2026-07-01T10',
    });
    expect(rows.at(-1)!.visitorHash).toMatch(/^[\w-]{43}$/);
  });

  it('takes the JSON as application/json too, and an engagement with its figures', async () => {
    const before = await eventCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      remoteAddress: address(),
      headers: { 'content-type': 'application/json', 'user-agent': ipad },
      payload: {
        type: 'engagement',
        path: `/articles/${articles[1]}`,
        engagedSeconds: 42,
        scrollDepth: 80,
      },
    });
    expect(res.statusCode).toBe(204);
    expect(await events()).toHaveLength(before + 1);
    expect((await events()).at(-1)).toMatchObject({
      kind: 'engagement',
      articleId: articles[1],
      engagedSeconds: 42,
      scrollDepth: 80,
      device: 'tablet',
      sourceKind: '',
    });
  });

  it('names no article for another page or an unpublished article', async () => {
    for (const path of [
      '/',
      '/allpublishedarticles?page=2',
      `/articles/${pending}`,
      '/articles/999999',
    ]) {
      expect((await beacon({ type: 'pageview', path })).statusCode).toBe(204);
      expect((await events()).at(-1)).toMatchObject({ articleId: null, publisherId: null });
    }
  });

  it.each([
    ['search', 'https://www.google.co.uk/', '/', 'search', 'google.co.uk'],
    ['another site', 'https://blog.example.org/post', '/', 'referrer', 'blog.example.org'],
    ['our own site', `${site}/allpublishedarticles`, '/', 'direct', 'direct'],
    ['no referrer', undefined, '/', 'direct', 'direct'],
    [
      'the newsletter',
      undefined,
      '/articles/1?utm_source=newsletter&utm_medium=email',
      'newsletter',
      'newsletter',
    ],
  ])('classifies %s as a source', async (_name, referrer, path, kind, source) => {
    expect((await beacon({ type: 'pageview', path, referrer })).statusCode).toBe(204);
    expect((await events()).at(-1)).toMatchObject({ sourceKind: kind, source });
  });

  it.each([
    ['not JSON', '{"type":'],
    ['no type', { path: '/' }],
    ['an unknown type', { type: 'click', path: '/' }],
    ['a path without its slash', { type: 'pageview', path: 'articles/1' }],
    [
      'a scroll depth past 100',
      { type: 'engagement', path: '/', engagedSeconds: 1, scrollDepth: 101 },
    ],
    ['negative seconds', { type: 'engagement', path: '/', engagedSeconds: -1, scrollDepth: 1 }],
    ['an array', [{ type: 'pageview', path: '/' }]],
  ])('refuses %s with a 400 and keeps nothing', async (_name, event) => {
    const before = await eventCount();
    const res = await beacon(event);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request' });
    expect(await eventCount()).toBe(before);
  });

  it('refuses a body past 4 KB with a 413 and keeps nothing', async () => {
    const before = await eventCount();
    const res = await beacon({
      type: 'pageview',
      path: '/',
      referrer: `https://a.example/${'x'.repeat(2000)}`,
      extra: 'y'.repeat(3000),
    });
    expect(res.statusCode).toBe(413);
    expect(await eventCount()).toBe(before);
  });

  it.each([
    ['Do Not Track', { headers: { dnt: '1' } }],
    ['Global Privacy Control', { headers: { 'sec-gpc': '1' } }],
    ['a crawler', { ua: googlebot }],
  ])(
    'keeps nothing of a browser asking %s, and answers 204 all the same',
    async (_name, options) => {
      const before = await eventCount();
      const res = await beacon({ type: 'pageview', path: `/articles/${articles[0]}` }, options);
      expect(res.statusCode).toBe(204);
      expect(await eventCount()).toBe(before);
    },
  );

  it('holds no address or user agent in clear, in any column of any analytics table', async () => {
    const ip = '192.0.2.201';
    const ua = 'Mozilla/5.0 (Unique-Agent-7f3c) Gecko/20100101 Firefox/128.0';
    await beacon({ type: 'pageview', path: `/articles/${articles[2]}` }, { ip, ua });
    await rollUpNow();
    const db = t.app.database.db;
    const tables = [
      'analyticsEvent',
      'analyticsDeviceDaily',
      'analyticsVisitors',
      'analyticsVisitorSeen',
      'analyticsSalt',
    ] as const;
    for (const table of tables) {
      const dump = JSON.stringify(await db.selectFrom(table).selectAll().execute());
      expect(dump).not.toContain(ip);
      expect(dump).not.toContain('Unique-Agent-7f3c');
    }
  });

  it('answers 429 past 120 events a minute from one address', async () => {
    const ip = address();
    const answers: number[] = [];
    for (let n = 0; n < 121; n += 1) {
      answers.push((await beacon({ type: 'pageview', path: '/' }, { ip })).statusCode);
    }
    expect(answers.slice(0, 120).every((status) => status === 204)).toBe(true);
    expect(answers[120]).toBe(429);
  });
});

describe('the daily salt', () => {
  it('is one a day, shared, so a visitor hashes alike all day and differently the next', async () => {
    const db = t.app.database.db;
    const ip = address();
    const view = async () => {
      await beacon({ type: 'pageview', path: '/' }, { ip });
      return (await events()).at(-1)!.visitorHash;
    };
    const morning = await view();
    clock.advance(2 * hour);
    expect(await view()).toBe(morning);
    const salts = await db.selectFrom('analyticsSalt').selectAll().execute();
    expect(salts.map((salt) => salt.day)).toEqual(['2026-07-01']);

    clock.advance(24 * hour);
    const nextDay = await view();
    expect(nextDay).not.toBe(morning);
    const both = await db.selectFrom('analyticsSalt').selectAll().orderBy('day').execute();
    expect(both.map((salt) => salt.day)).toEqual(['2026-07-01', '2026-07-02']);
    expect(both[0]!.salt).not.toBe(both[1]!.salt);
    expect(both[0]!.salt).toMatch(/^[\w-]{43}$/);

    // The sweep keeps today's and yesterday's salts, and deletes the day before yesterday's.
    clock.advance(24 * hour);
    await view();
    await sweepAnalytics(db, t.app.analytics.salts, clock.now(), '2026-07-03');
    const kept = await db.selectFrom('analyticsSalt').select('day').orderBy('day').execute();
    expect(kept.map((salt) => salt.day)).toEqual(['2026-07-02', '2026-07-03']);
  });
});

describe('the timer job', () => {
  /** Waits up to 5 s for `check` to hold, as the job runs every 100 ms. */
  async function eventually(check: () => Promise<boolean>) {
    const until = Date.now() + 5000;
    while (!(await check())) {
      if (Date.now() > until) throw new Error('the timer job did not get there');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  /** The day's page views by device, as the devices' roll-up counts them. */
  const dailyViews = async (bucket: string) => {
    const rows = await t.app.database.db
      .selectFrom('analyticsDeviceDaily')
      .select(['device', 'pageViews'])
      .where('bucket', '=', bucket)
      .where('pageViews', '>', 0)
      .orderBy('device')
      .execute();
    return rows.map((row) => `${row.device} ${Number(row.pageViews)}`);
  };
  /** The same counted from the raw page views. */
  const rawViews = (rows: { device: string }[]) => {
    const counts = new Map<string, number>();
    for (const { device } of rows) counts.set(device, (counts.get(device) ?? 0) + 1);
    return [...counts].sort().map(([device, views]) => `${device} ${views}`);
  };

  it('rolls the new events up each run, and deletes raw events after 30 days, keeping the counts', async () => {
    const today = clock.now().toISOString().slice(0, 10);
    const before = await dailyViews(today);
    for (const [n, ua] of [chrome, iphone, ipad, iphone].entries()) {
      await beacon(
        { type: 'pageview', path: `/articles/${articles[n % 3]}` },
        { ip: address(), ua },
      );
    }
    const raw = (await events()).filter(
      (row) => row.kind === 'pageview' && row.hour.startsWith(today),
    );
    // The day's views came from a desktop, phones and a tablet.
    expect(rawViews(raw)).toEqual(expect.arrayContaining(['mobile 2', 'tablet 1']));
    clock.advance(10_000);
    await eventually(async () => `${await dailyViews(today)}` === `${rawViews(raw)}`);
    expect(before).not.toEqual(rawViews(raw));

    clock.advance(31 * 24 * hour);
    await eventually(async () => (await events()).every((row) => !row.hour.startsWith(today)));
    expect(await dailyViews(today)).toEqual(rawViews(raw));
    // Nothing of that day's visitors is left to hash them again.
    const salts = await t.app.database.db.selectFrom('analyticsSalt').select('day').execute();
    expect(salts.every((salt) => salt.day > today)).toBe(true);
    const seen = await t.app.database.db
      .selectFrom('analyticsVisitorSeen')
      .select('bucket')
      .execute();
    expect(seen.every((row) => row.bucket.slice(0, 10) > today)).toBe(true);
  });
});
