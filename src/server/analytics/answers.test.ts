import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnalyticsOverview,
  ArticleAnalytics,
  BeaconEvent,
  ReaderRevenueMonth,
} from '#shared/api/analytics';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createTestClock } from '#server/test/clock';
import { createArticle, createPublisher } from '#server/test/factories';
import { rollUp } from './rollup.js';

/*
 * The roll-ups against the raw events they count, and the admins' answers read from them: the
 * overview and its CSV tables, one article's figures, the month's reader-revenue figures, and
 * who may ask. The site's time zone is Lisbon's (UTC+1 in summer).
 */

const site = 'https://news.example.com';
const agents = {
  desktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  mobile:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  tablet:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};
const referrers = [
  undefined,
  'https://www.google.com/',
  'https://t.co/abc',
  'https://blog.example.org/x',
];
/** 23:30 UTC on 9 August: already the 10th in Lisbon. */
const clock = createTestClock(new Date('2026-08-09T23:30:00Z'));
const hour = 60 * 60 * 1000;
let t: TestApp;
let admin: TestUser;
let reader: TestUser;
let articles: { id: number; publisherId: number }[];

beforeAll(async () => {
  t = await createTestApp(
    {
      publicUrl: site,
      timeZone: 'Europe/Lisbon',
      giftsPerMonth: 7,
      meter: { guest: 3, registered: 6 },
    },
    { clock: clock.now },
  );
  const db = t.app.database.db;
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  reader = await signUp(t.app);
  const north = (await createPublisher(db, { name: 'North, "the" Press' })).id;
  const south = (await createPublisher(db, { name: 'South Press' })).id;
  articles = [];
  for (const [title, publisherId] of [
    ['Tides, "high" and low', north],
    ['=SUM(A1:A2) and other formulas', north],
    ['A quiet harbour\non two lines', south],
  ] as const) {
    const { id } = await createArticle(db, admin.user.id, { title, publisherId, isPremium: true });
    articles.push({ id, publisherId });
  }
});

afterAll(() => t.close());

/** The page views sent, by the kind of device whose user agent each was sent with. */
const viewsSent = new Map<string, number>();

async function beacon(event: BeaconEvent, ip: string, ua: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    remoteAddress: ip,
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': ua },
    payload: JSON.stringify(event),
  });
  if (event.type === 'pageview' && res.statusCode === 204) {
    const device = Object.entries(agents).find(([, agent]) => agent === ua)![0];
    viewsSent.set(device, (viewsSent.get(device) ?? 0) + 1);
  }
  return res;
}

/** Writes the events the server holds (event-buffer.ts), then rolls up as the minute's job does. */
const rollUpNow = async () => {
  await t.app.analytics.flush();
  return rollUp(t.app.database.db, new Date(clock.now().getTime() + 60_000));
};

/**
 * A mixed day of traffic at the clock's time and the hours after: each of `visitors` visitors
 * views some articles (some twice) from one source and device, and reports engagement.
 */
async function traffic(visitors: number, seed: number) {
  const devices = Object.values(agents);
  for (let v = 0; v < visitors; v += 1) {
    const ip = `198.51.${seed}.${v + 1}`;
    const ua = devices[(v + seed) % devices.length]!;
    const referrer = referrers[(v * 7 + seed) % referrers.length];
    const views = 1 + ((v + seed) % 3);
    for (let n = 0; n < views; n += 1) {
      const article = articles[(v + n) % articles.length]!;
      const res = await beacon(
        { type: 'pageview', path: `/articles/${article.id}`, referrer },
        ip,
        ua,
      );
      expect(res.statusCode).toBe(204);
      if (n === 0) {
        await beacon(
          {
            type: 'engagement',
            path: `/articles/${article.id}`,
            engagedSeconds: 10 + v,
            scrollDepth: 50 + v,
          },
          ip,
          ua,
        );
      }
    }
    await beacon({ type: 'pageview', path: '/' }, ip, ua);
    if (v % 4 === 3) clock.advance(hour);
  }
}

interface Counted {
  pageViews: number;
  engagedCount: number;
  engagedSeconds: number;
}

/** The raw events counted by day and device, as the devices' roll-up keys them. */
async function rawDeviceCounts() {
  await t.app.analytics.flush();
  const rows = await t.app.database.db.selectFrom('analyticsEvent').selectAll().execute();
  const counts = new Map<string, Counted>();
  for (const row of rows) {
    const key = `${row.hour.slice(0, 10)} ${row.device}`;
    const counted = counts.get(key) ?? { pageViews: 0, engagedCount: 0, engagedSeconds: 0 };
    if (row.kind === 'pageview') counted.pageViews += 1;
    if (row.engagedSeconds !== null) {
      counted.engagedCount += 1;
      counted.engagedSeconds += row.engagedSeconds;
    }
    counts.set(key, counted);
  }
  return counts;
}

async function rolledDeviceCounts() {
  const rows = await t.app.database.db.selectFrom('analyticsDeviceDaily').selectAll().execute();
  return new Map(
    rows.map((row) => [
      `${row.bucket} ${row.device}`,
      {
        pageViews: Number(row.pageViews),
        engagedCount: Number(row.engagedCount),
        engagedSeconds: Number(row.engagedSeconds),
      },
    ]),
  );
}

/** Distinct visitors' hashes of page views, by day or hour. */
async function rawVisitors(bucketLength: 10 | 13) {
  await t.app.analytics.flush();
  const rows = await t.app.database.db
    .selectFrom('analyticsEvent')
    .select(['hour', 'visitorHash'])
    .where('kind', '=', 'pageview')
    .execute();
  const sets = new Map<string, Set<string>>();
  for (const row of rows) {
    const bucket = row.hour.slice(0, bucketLength);
    sets.set(bucket, (sets.get(bucket) ?? new Set()).add(row.visitorHash!));
  }
  return new Map([...sets].map(([bucket, set]) => [bucket, set.size]));
}

async function rolledVisitors(bucketLength: 10 | 13) {
  const rows = await t.app.database.db
    .selectFrom('analyticsVisitors')
    .selectAll()
    .where('articleId', '=', 0)
    .execute();
  return new Map(
    rows
      .filter((row) => row.bucket.length === bucketLength)
      .map((row) => [row.bucket, Number(row.visitors)]),
  );
}

const overview = (days: number, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/analytics/overview?days=${days}`,
    headers: { cookie: admin.cookie, ...headers },
  });

describe('the roll-ups', () => {
  it("per device and day, and the visitors', equal the raw events, rolled up in several runs", async () => {
    await traffic(10, 1);
    expect(await rollUpNow()).toBeGreaterThan(0);
    // An event of the last seconds waits for the next run.
    await beacon({ type: 'pageview', path: '/' }, '198.51.9.9', agents.desktop);
    await t.app.analytics.flush();
    expect(await rollUp(t.app.database.db, clock.now())).toBe(0);
    expect(await rollUpNow()).toBe(1);
    // The same visitors an hour later, and new ones the next day: counted once each run.
    clock.advance(hour);
    await traffic(6, 1);
    await rollUpNow();
    clock.advance(24 * hour);
    await traffic(12, 2);
    await rollUpNow();
    expect(await rollUpNow()).toBe(0);

    const devices = await rawDeviceCounts();
    expect([...devices.keys()].sort()).toEqual([
      '2026-08-10 desktop',
      '2026-08-10 mobile',
      '2026-08-10 tablet',
      '2026-08-11 desktop',
      '2026-08-11 mobile',
      '2026-08-11 tablet',
    ]);
    expect(await rolledDeviceCounts()).toEqual(devices);
    const days = await rawVisitors(10);
    expect(days.size).toBe(2);
    expect(await rolledVisitors(10)).toEqual(days);
    expect(await rolledVisitors(13)).toEqual(await rawVisitors(13));
  });

  it('per day of the site, each article, publisher and source equal the raw events, and so do the spans', async () => {
    const db = t.app.database.db;
    const raw = await db.selectFrom('analyticsEvent').selectAll().execute();
    const counted = (keyOf: (row: (typeof raw)[number]) => string | null) => {
      const counts = new Map<string, Counted>();
      for (const row of raw) {
        const key = keyOf(row);
        if (key === null) continue;
        const count = counts.get(key) ?? { pageViews: 0, engagedCount: 0, engagedSeconds: 0 };
        if (row.kind === 'pageview') count.pageViews += 1;
        if (row.engagedSeconds !== null) {
          count.engagedCount += 1;
          count.engagedSeconds += row.engagedSeconds;
        }
        counts.set(key, count);
      }
      return counts;
    };
    const rolled = (rows: (Counted & { key: string })[]) =>
      new Map(
        rows.map(({ key, pageViews, engagedCount, engagedSeconds }) => [
          key,
          {
            pageViews: Number(pageViews),
            engagedCount: Number(engagedCount),
            engagedSeconds: Number(engagedSeconds),
          },
        ]),
      );
    const site = await db.selectFrom('analyticsSite').selectAll().execute();
    expect(rolled(site.map((row) => ({ ...row, key: row.bucket })))).toEqual(
      new Map([...counted((row) => row.hour), ...counted((row) => row.hour.slice(0, 10))]),
    );
    const day = (row: (typeof raw)[number]) => row.hour.slice(0, 10);
    const byArticle = await db.selectFrom('analyticsArticleDaily').selectAll().execute();
    expect(
      rolled(byArticle.map((row) => ({ ...row, key: `${row.articleId} ${row.bucket}` }))),
    ).toEqual(counted((row) => (row.articleId ? `${row.articleId} ${day(row)}` : null)));
    const byPublisher = await db.selectFrom('analyticsPublisherDaily').selectAll().execute();
    expect(
      rolled(byPublisher.map((row) => ({ ...row, key: `${row.publisherId} ${row.bucket}` }))),
    ).toEqual(counted((row) => (row.publisherId ? `${row.publisherId} ${day(row)}` : null)));
    const bySource = await db.selectFrom('analyticsSourceDaily').selectAll().execute();
    const views = raw.filter((row) => row.kind === 'pageview');
    expect(
      new Map(bySource.map((row) => [`${row.bucket} ${row.source}`, Number(row.pageViews)])),
    ).toEqual(
      views.reduce(
        (map, row) =>
          map.set(`${day(row)} ${row.source}`, (map.get(`${day(row)} ${row.source}`) ?? 0) + 1),
        new Map<string, number>(),
      ),
    );
    // Each span's totals: the articles' events of the days from its first to its last.
    const ends = await db.selectFrom('analyticsSpan').selectAll().execute();
    expect(ends.map((row) => [Number(row.days), row.day]).sort()).toEqual([
      [1, '2026-08-11'],
      [30, '2026-08-11'],
      [7, '2026-08-11'],
      [90, '2026-08-11'],
    ]);
    const spans = await db.selectFrom('analyticsArticleSpan').selectAll().execute();
    for (const [days, first] of [
      [1, '2026-08-11'],
      [7, '2026-08-05'],
    ] as const) {
      expect(
        rolled(
          spans
            .filter((row) => Number(row.days) === days && Number(row.pageViews) > 0)
            .map((row) => ({ ...row, key: String(row.articleId) })),
        ),
      ).toEqual(
        counted((row) => (row.articleId && day(row) >= first ? String(row.articleId) : null)),
      );
    }
  });

  it('answer the overview: totals beside the span before, the series, articles, sources and devices', async () => {
    const res = await overview(7);
    expect(res.statusCode).toBe(200);
    const answer = res.json<AnalyticsOverview>();
    const raw = await t.app.database.db.selectFrom('analyticsEvent').selectAll().execute();
    const views = raw.filter((row) => row.kind === 'pageview');
    const visitorsByDay = await rawVisitors(10);
    expect(answer).toMatchObject({ days: 7, from: '2026-08-05', to: '2026-08-11' });
    expect(answer.totals).toEqual({
      visitors: [...visitorsByDay.values()].reduce((a, b) => a + b, 0),
      pageViews: views.length,
      previousVisitors: 0,
      previousPageViews: 0,
    });
    expect(answer.series.map((point) => point.bucket)).toEqual([
      '2026-08-05',
      '2026-08-06',
      '2026-08-07',
      '2026-08-08',
      '2026-08-09',
      '2026-08-10',
      '2026-08-11',
    ]);
    for (const point of answer.series) {
      expect(point.pageViews).toBe(views.filter((row) => row.hour.startsWith(point.bucket)).length);
      expect(point.visitors).toBe(visitorsByDay.get(point.bucket) ?? 0);
    }
    for (const top of answer.topArticles) {
      const own = raw.filter((row) => row.articleId === top.articleId);
      const engaged = own.filter((row) => row.engagedSeconds !== null);
      expect(top.views).toBe(own.filter((row) => row.kind === 'pageview').length);
      expect(top.avgEngagedSeconds).toBeCloseTo(
        engaged.reduce((sum, row) => sum + row.engagedSeconds!, 0) / engaged.length,
        0,
      );
    }
    expect(answer.topArticles).toHaveLength(3);
    const sourceViews = (source: string) => views.filter((row) => row.source === source).length;
    expect(answer.sources).toEqual(
      expect.arrayContaining([
        { kind: 'direct', source: 'direct', pageViews: sourceViews('direct') },
        { kind: 'search', source: 'google.com', pageViews: sourceViews('google.com') },
        { kind: 'social', source: 't.co', pageViews: sourceViews('t.co') },
        {
          kind: 'referrer',
          source: 'blog.example.org',
          pageViews: sourceViews('blog.example.org'),
        },
      ]),
    );
    expect(answer.funnel.site.views).toBe(views.length);
    // The page views sent from each kind of device, most first.
    expect(answer.devices).toEqual(
      [...viewsSent]
        .map(([device, pageViews]) => ({ device, pageViews }))
        .sort((a, b) => b.pageViews - a.pageViews || a.device.localeCompare(b.device)),
    );
    expect(answer.devices).toHaveLength(3);
    // Without a country database nothing is placed.
    expect(answer.countries).toEqual([]);
    expect(raw.every((row) => row.country === null)).toBe(true);
    expect(answer.funnel.publishers.map((p) => p.name).sort()).toEqual([
      'North, "the" Press',
      'South Press',
    ]);

    // A day later, the first day is the span before's.
    clock.advance(24 * hour);
    const later = (await overview(1)).json<AnalyticsOverview>();
    expect(later.totals.pageViews).toBe(0);
    expect(later.devices).toEqual([]);
    expect(later.totals.previousPageViews).toBe(
      views.filter((row) => row.hour.startsWith('2026-08-11')).length,
    );
    expect(later.series).toHaveLength(24);
    expect(later.series[0]!.bucket).toBe('2026-08-12T00');
  });

  it('answer one article, and this month for the reader-revenue view', async () => {
    const id = articles[0]!.id;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/articles/${id}?days=30`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    const raw = await t.app.database.db
      .selectFrom('analyticsEvent')
      .selectAll()
      .where('articleId', '=', id)
      .execute();
    const views = raw.filter((row) => row.kind === 'pageview');
    const visitors = new Set(views.map((row) => `${row.hour.slice(0, 10)} ${row.visitorHash}`))
      .size;
    expect(res.json<ArticleAnalytics>()).toMatchObject({
      articleId: id,
      days: 30,
      views: views.length,
      visitors,
      walls: 0,
      checkouts: 0,
      subscriptions: 0,
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/articles/999999',
      headers: { cookie: admin.cookie },
    });
    expect(missing.statusCode).toBe(404);

    const month = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/reader-revenue',
      headers: { cookie: admin.cookie },
    });
    expect(month.statusCode).toBe(200);
    expect(month.json<ReaderRevenueMonth>()).toEqual({
      month: '2026-08',
      settings: { guestFree: 3, registeredFree: 6, giftsPerMonth: 7 },
      meteredReads: 0,
      walls: 0,
      registrationsAfterWall: 0,
      subscriptionsAfterWall: 0,
      giftsGiven: 0,
      giftsOpened: 0,
    });
  });

  it('refuses a span other than 1, 7, 30 or 90 days', async () => {
    const res = await overview(14);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'bad_request',
      message: expect.stringContaining('1, 7, 30 or 90'),
    });
  });
});

describe('the CSV tables', () => {
  it('answer a table with a header row, quoting commas, quotes and line breaks, as a download', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/overview?days=30&table=topArticles',
      headers: { cookie: admin.cookie, accept: 'text/csv' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="tribune-topArticles-2026-07-14-to-2026-08-12\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('articleId,title,views,avgEngagedSeconds,avgScrollDepth');
    expect(res.body).toContain(`${articles[0]!.id},"Tides, ""high"" and low",`);
    // A cell a spreadsheet would run as a formula is kept as text.
    expect(res.body).toContain(`${articles[1]!.id},'=SUM(A1:A2) and other formulas,`);
    expect(res.body).toContain(`${articles[2]!.id},"A quiet harbour\non two lines",`);
  });

  it('answers each table, and a 400 without one', async () => {
    const headers = { cookie: admin.cookie, accept: 'text/csv' };
    const heads = {
      series: 'bucket,visitors,pageViews',
      sources: 'kind,source,pageViews',
      funnelArticles: 'articleId,title,views,walls,checkouts,subscriptions',
      funnelPublishers: 'publisherId,name,views,walls,checkouts,subscriptions',
      devices: 'device,pageViews',
      countries: 'country,pageViews',
    };
    for (const [table, head] of Object.entries(heads)) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/analytics/overview?days=90&table=${table}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.body.split('\r\n')[0]).toBe(head);
    }
    const series = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/overview?days=90&table=series',
      headers,
    });
    expect(series.body.trim().split('\r\n')).toHaveLength(91);
    const publishers = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/overview?days=90&table=funnelPublishers',
      headers,
    });
    expect(publishers.body).toContain('"North, ""the"" Press"');
    const devices = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/overview?days=90&table=devices',
      headers,
    });
    const answer = (await overview(90)).json<AnalyticsOverview>();
    expect(devices.body).toBe(
      [
        'device,pageViews',
        ...answer.devices.map((row) => `${row.device},${row.pageViews}`),
        '',
      ].join('\r\n'),
    );
    for (const url of [
      '/api/analytics/overview?days=7',
      '/api/analytics/overview?days=7&table=nope',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'bad_request',
        message: expect.stringContaining('table is one of'),
      });
    }
  });
});

describe('who may read the analytics', () => {
  const routes = [
    { url: '/api/analytics/overview?days=7', headers: {} },
    { url: '/api/analytics/overview?days=7&table=sources', headers: { accept: 'text/csv' } },
    { url: '/api/analytics/overview?days=7&table=devices', headers: { accept: 'text/csv' } },
    { url: '/api/analytics/articles/1?days=7', headers: {} },
    { url: '/api/analytics/reader-revenue', headers: {} },
  ];

  it.each(routes)(
    '$url: 401 for a guest, 403 for a reader who is not an admin',
    async ({ url, headers }) => {
      const guest = await t.app.inject({ method: 'GET', url, headers });
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toMatchObject({ error: 'unauthorized' });
      const notAdmin = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...headers, cookie: reader.cookie },
      });
      expect(notAdmin.statusCode).toBe(403);
      expect(notAdmin.json()).toMatchObject({ error: 'forbidden' });
      expect(notAdmin.body).not.toContain('pageViews');
    },
  );
});

describe('the overview kept between roll-ups', () => {
  it('answers the same until the next roll-up adds events, then the new figures', async () => {
    const first = (await overview(90)).json<AnalyticsOverview>();
    // A count written behind the roll-up's back is not seen while the answer is kept.
    await t.app.database.db
      .insertInto('analyticsSite')
      .values({ bucket: first.from, pageViews: 1000 } as never)
      .execute();
    expect((await overview(90)).json<AnalyticsOverview>()).toEqual(first);
    await beacon({ type: 'pageview', path: '/' }, '198.51.7.7', agents.desktop);
    expect(await rollUpNow()).toBe(1);
    const next = (await overview(90)).json<AnalyticsOverview>();
    expect(next.totals.pageViews).toBe(first.totals.pageViews + 1001);
    expect(next.series.at(-1)!.pageViews).toBe(first.series.at(-1)!.pageViews + 1);
  });
});
