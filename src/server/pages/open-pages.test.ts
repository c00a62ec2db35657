import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeterState } from '#shared/api/meter';
import type { GiftLink } from '#shared/api/gifts';
import { giftMessages } from '#shared/gift-messages';
import { meterState } from '#shared/rules/meter';
import { changesHeard, createTestApp, type TestApp } from '#server/test/app';
import { signUp, type TestUser } from '#server/test/auth';
import { createTestClock } from '#server/test/clock';
import { createArticle, createPublisher, makePremium } from '#server/test/factories';
import { sourcePages } from '#server/test/pages';
import type { Pages } from './serve.js';
import { pageData } from './page-data.js';
import { StoredPages } from './stored-pages.js';
import { storedPageBuild } from './storing-render.js';

/*
 * A premium article's open page (pages/open-pages.ts): rendered once with gaps for the reader's
 * numbers, stored beside the guests' shared page, and sent to each guest the reading meter opens
 * it for with their numbers put in. Twelve free premium articles a month for guests, so the
 * numbers run to two digits.
 */

const site = 'https://news.example.com';
const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const allowances = { guest: 12, registered: 5 };
/** The middle of June in the site's time zone, New York's. */
const clock = createTestClock(new Date('2026-06-10T12:00:00Z'));
let t: TestApp;
let pages: Pages;
let author: TestUser;
let stored: StoredPages;
/** Premium articles, each with words only its paid part holds. */
const premium: number[] = [];

const secretOf = (n: number) => `Marigold counts the lanterns of pier ${n} at dusk.`;
const openingOf = (n: number) => `Tale ${n} begins where the river meets the sea.`;

beforeAll(async () => {
  pages = await sourcePages();
  t = await createTestApp(
    { publicUrl: site, timeZone: 'America/New_York', meter: allowances },
    { clock: clock.now, pages },
  );
  const db = t.app.database.db;
  author = await signUp(t.app);
  for (let n = 0; n < 16; n += 1) {
    const description = `${openingOf(n)}\n\n${secretOf(n)} Only the keeper knows.`;
    premium.push((await createArticle(db, author.user.id, { isPremium: true, description })).id);
  }
  stored = new StoredPages(db, storedPageBuild('source', site, t.app.readingMeter.describe()));
});

afterAll(() => t.close());

interface Visit {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  rawPayload: Buffer;
  cookies: { name: string; value: string }[];
  json<T>(): T;
}

/** A browser from one address that keeps its cookies and accepts gzip unless told not to. */
function guest(ip: string, userAgent = browser) {
  const jar = new Map<string, string>();
  return async (url: string, { gzip = true } = {}): Promise<Visit> => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = (await t.app.inject({
      method: 'GET',
      url,
      remoteAddress: ip,
      headers: {
        'user-agent': userAgent,
        ...(gzip && { 'accept-encoding': 'gzip' }),
        ...(cookie && { cookie }),
      },
    })) as unknown as Visit;
    for (const { name, value } of res.cookies) jar.set(name, value);
    return res;
  };
}

/** The text of an answer, decompressed when it came compressed. */
function textOf(res: Visit): string {
  return res.headers['content-encoding'] === 'gzip'
    ? gunzipSync(res.rawPayload).toString()
    : res.body;
}

/** A page as rendered for a guest whose meter opened `articleId` and stands at `state`. */
async function freshRender(articleId: number, state: MeterState): Promise<string> {
  const meter = (asked: number) =>
    Promise.resolve(asked === articleId ? { granted: true, state } : null);
  const page = await pages.renderer.renderPage({
    url: `/articles/${articleId}`,
    publicUrl: site,
    assets: pages.assets,
    data: pageData(t.app, null, null, '', meter, t.config.authSecret),
  });
  return page.html;
}

/** The times a render notes in the page's state, which differ between two renders. */
function withoutRenderTimes(html: string): string {
  return html
    .replace(/"renderedAt":"[^"]*"/g, '"renderedAt":""')
    .replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '"$1":0');
}

describe("a premium article's open page", () => {
  it('is what a render for the reader would be, for each of their numbers, privately', async () => {
    const get = guest('198.51.100.20');
    for (let n = 0; n < 3; n += 1) {
      const res = await get(`/articles/${premium[n]}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.etag).toBeUndefined();
      const html = textOf(res);
      expect(html).toContain(`${11 - n} of 12 free premium articles left this month`);
      const expected = await freshRender(premium[n]!, meterState(n + 1, 12, 5));
      expect(withoutRenderTimes(html)).toBe(withoutRenderTimes(expected));
      expect((await stored.readForGuest(premium[n]!))?.open).toBeInstanceOf(Buffer);
    }
    // Opened again this month: free, and the numbers where they stand.
    const again = textOf(await get(`/articles/${premium[0]}`));
    expect(withoutRenderTimes(again)).toBe(
      withoutRenderTimes(await freshRender(premium[0]!, meterState(3, 12, 5))),
    );
    // A browser that does not take gzip gets the same page as text.
    const plain = await get(`/articles/${premium[3]}`, { gzip: false });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('private, no-store');
    expect(withoutRenderTimes(plain.body)).toBe(
      withoutRenderTimes(await freshRender(premium[3]!, meterState(4, 12, 5))),
    );
  });

  it('is forgotten when the article changes, and the next reader gets the change', async () => {
    const get = guest('198.51.100.21');
    await get(`/articles/${premium[4]}`);
    expect((await stored.readForGuest(premium[4]!))?.open).toBeInstanceOf(Buffer);
    await t.app.database.db
      .updateTable('article')
      .set({ title: 'The lanterns of the harbour, retold' })
      .where('id', '=', premium[4]!)
      .execute();
    expect((await stored.readForGuest(premium[4]!))?.open).toBeUndefined();
    await changesHeard(t.app);
    const html = textOf(await guest('198.51.100.22')(`/articles/${premium[4]}`));
    expect(html).toContain('The lanterns of the harbour, retold');
    expect(html).toContain(secretOf(4));
    expect(html).toContain('11 of 12 free premium articles left this month');
  });

  it('never reaches the wall, a crawler or a guest whose meter is spent', async () => {
    const get = guest('198.51.100.23');
    for (let n = 0; n < 12; n += 1) await get(`/api/articles/${premium[n]}/reading`);
    const wall = await get(`/articles/${premium[12]}`);
    expect(wall.headers['cache-control']).toBe('private, no-cache');
    expect(textOf(wall)).not.toContain('Marigold');
    expect(textOf(wall)).toContain('0 of 12 free premium articles left this month');
    const crawler = await guest('198.51.100.24', googlebot)(`/articles/${premium[12]}`);
    expect(textOf(crawler)).toContain(openingOf(12));
    expect(textOf(crawler)).not.toContain('Marigold');
    const page = await stored.read(premium[12]!);
    expect(gunzipSync(page!.gzip).toString()).not.toContain('Marigold');
    // HEAD spends nothing and reads no text.
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/articles/${premium[13]}`,
      remoteAddress: '198.51.100.25',
      headers: { 'user-agent': browser },
    });
    expect(head.headers['set-cookie']).toBeUndefined();
  });

  it('lets one of two requests at once take the last free article, on the page and the API', async () => {
    const get = guest('198.51.100.26');
    for (let n = 0; n < 11; n += 1) await get(`/api/articles/${premium[n]}/reading`);
    const [page, reading] = await Promise.all([
      get(`/articles/${premium[12]}`),
      get(`/api/articles/${premium[13]}/reading`),
    ]);
    const opened = [textOf(page).includes(secretOf(12)), textOf(reading).includes(secretOf(13))];
    expect(opened.filter(Boolean)).toHaveLength(1);
    const pages = await Promise.all([
      get(`/articles/${premium[14]}`),
      get(`/articles/${premium[15]}`),
    ]);
    expect(pages.some((res) => textOf(res).includes('Marigold'))).toBe(false);
    await t.app.readingMeter.reads.flush();
    const rows = await t.app.database.db
      .selectFrom('meteredRead')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('readerKind', '=', 'visitor')
      .where('articleId', 'in', premium.slice(12))
      .executeTakeFirstOrThrow();
    expect(Number(rows.count)).toBe(1);
  });

  it("is read in the shared page's place, which a guest it does not open is sent as stored", async () => {
    const id = premium[5]!;
    await guest('198.51.100.28')(`/articles/${id}`);
    const forGuest = await stored.readForGuest(id);
    expect(forGuest?.open).toBeInstanceOf(Buffer);
    expect(forGuest?.gzip).toBeUndefined();
    // The shared page made recognizable, and this process's kept pages forgotten.
    const shared = await stored.read(id);
    const marker = `<!-- stored ${id} -->`;
    await t.app.database.db
      .updateTable('storedPage')
      .set({ htmlGzip: gzipSync(gunzipSync(shared!.gzip).toString() + marker) })
      .where('articleId', '=', id)
      .execute();
    await createPublisher(t.app.database.db);
    await changesHeard(t.app);

    const crawler = textOf(await guest('198.51.100.29', googlebot)(`/articles/${id}`));
    expect(crawler).toContain(marker);
    expect(crawler).not.toContain(secretOf(5));
    const spent = guest('198.51.100.30');
    for (const other of premium.filter((n) => n !== id).slice(0, 12)) {
      await spent(`/api/articles/${other}/reading`);
    }
    const wall = textOf(await spent(`/articles/${id}`));
    expect(wall).toContain(marker);
    expect(wall).toContain('0 of 12 free premium articles left this month');
    const opened = textOf(await guest('198.51.100.31')(`/articles/${id}`));
    expect(opened).toContain(secretOf(5));
    expect(opened).not.toContain(marker);
  });
});

describe('a gift link that does not open the article, with the meter on', () => {
  let giver: TestUser;
  beforeAll(async () => {
    giver = await signUp(t.app);
    await makePremium(t.app.database.db, giver.user.id);
  });

  const give = async (articleId: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/articles/${articleId}/gifts`,
      headers: { origin: site, cookie: giver.cookie },
    });
    return new URL(res.json<GiftLink>().url).searchParams.get('gift')!;
  };

  it("shows why, and the meter's numbers as the meter opened it", async () => {
    const token = await give(premium[7]!);
    await t.app.database.db
      .updateTable('gift')
      .set({ revokedAt: clock.now().toISOString() })
      .where('articleId', '=', premium[7]!)
      .execute();
    const get = guest('198.51.100.27');
    const cases = [
      { url: `/articles/${premium[7]}?gift=${token}`, notice: giftMessages.revoked },
      { url: `/articles/${premium[8]}?gift=${'A'.repeat(22)}`, notice: giftMessages.invalid },
    ];
    for (const [n, { url, notice }] of cases.entries()) {
      const res = await get(url);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const html = textOf(res);
      expect(html).toContain(notice);
      expect(html).toContain(`${11 - n} of 12 free premium articles left this month`);
      expect(html).toContain(secretOf(n + 7));
    }
    const expiring = await give(premium[9]!);
    clock.advance(31 * 24 * 60 * 60 * 1000);
    const expired = textOf(await get(`/articles/${premium[9]}?gift=${expiring}`));
    expect(expired).toContain(giftMessages.expired);
    // A new month: the first of this one's twelve.
    expect(expired).toContain('11 of 12 free premium articles left this month');
    expect(expired).toContain(secretOf(9));
  });
});
