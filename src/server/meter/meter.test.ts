import { gunzipSync } from 'node:zlib';
import { parse, type HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createTestClock } from '#server/test/clock';
import { createArticle, makePremium } from '#server/test/factories';
import { webp } from '#server/test/image-fixtures';
import { sourcePages } from '#server/test/pages';
import { StoredPages } from '#server/pages/stored-pages';
import { storedPageBuild } from '#server/pages/storing-render';

/*
 * The reading meter (decision 023) through the API and the pages, by who asks: a guest keeping
 * cookies, a guest dropping them, a crawler, a free reader, a subscriber. The site's time zone
 * is New York's, whose months begin four hours after UTC's in summer.
 */

const site = 'https://news.example.com';
const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** The last day of June, 08:00 in New York. */
const clock = createTestClock(new Date('2026-06-30T12:00:00Z'));
let t: TestApp;
let author: TestUser;
let reader: TestUser;
let subscriber: TestUser;
let admin: TestUser;
/** Seven premium articles and a free one. */
const premium: number[] = [];
let free: number;

/** Words only the paid part of premium article `n` holds. */
const secretOf = (n: number) => `Zebulon keeps the lighthouse number ${n} burning.`;
const openingOf = (n: number) => `Story ${n} begins on the open sea before dawn.`;

beforeAll(async () => {
  t = await createTestApp(
    {
      publicUrl: site,
      timeZone: 'America/New_York',
      meter: { guest: 2, registered: 5 },
      // The timed sweep, which deletes the months gone by, runs often enough to be seen.
      sweepIntervalMs: 100,
    },
    { clock: clock.now, pages: await sourcePages() },
  );
  const db = t.app.database.db;
  author = await signUp(t.app);
  reader = await signUp(t.app);
  subscriber = await signUp(t.app);
  await makePremium(db, subscriber.user.id);
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  for (let n = 0; n < 7; n += 1) {
    const description = `${openingOf(n)}\n\n${secretOf(n)} The keeper never sleeps.`;
    premium.push((await createArticle(db, author.user.id, { isPremium: true, description })).id);
  }
  free = (await createArticle(db, author.user.id)).id;
});

afterAll(() => t.close());

interface Visit {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  cookies: { name: string; value: string }[];
  json<T>(): T;
}

/**
 * A client from one address and user agent; it sends back the cookies it is given unless it
 * drops them. Each test's clients come from addresses of their own.
 */
function client(ip: string, userAgent = browser, { dropsCookies = false } = {}) {
  const jar = new Map<string, string>();
  const get = async (url: string, cookie?: string): Promise<Visit> => {
    const kept = [...jar].map(([name, value]) => `${name}=${value}`);
    const res = await t.app.inject({
      method: 'GET',
      url,
      remoteAddress: ip,
      headers: {
        'user-agent': userAgent,
        ...(kept.length > 0 || cookie
          ? { cookie: [...kept, cookie].filter(Boolean).join('; ') }
          : {}),
      },
    });
    if (!dropsCookies) for (const { name, value } of res.cookies) jar.set(name, value);
    return res as unknown as Visit;
  };
  return {
    get,
    reading: (id: number, cookie?: string) => get(`/api/articles/${id}/reading`, cookie),
    detail: (id: number, cookie?: string) => get(`/api/articledetail/${id}`, cookie),
    page: async (id: number, cookie?: string) => {
      const res = await get(`/articles/${id}`, cookie);
      return { res, doc: parse(res.body) };
    },
  };
}

interface ReadingAnswer {
  access: 'full' | 'preview';
  article: { description: string };
  meter: {
    used: number;
    allowance: number;
    remaining: number;
    registeredAllowance?: number;
  } | null;
}

const readingOf = (res: Visit) => res.json<ReadingAnswer>();

const pageState = (doc: HTMLElement) => doc.querySelector('script#page-state')?.textContent ?? '';

const jsonLd = (doc: HTMLElement) =>
  doc
    .querySelectorAll('script[type="application/ld+json"]')
    .map((script) => JSON.parse(script.textContent) as Record<string, unknown>);

/** The metered reads in the table, once the reads the meter holds are written. */
const meteredRows = async () => {
  await t.app.readingMeter.reads.flush();
  return t.app.database.db.selectFrom('meteredRead').selectAll().execute();
};

describe('the reading meter, for a guest', () => {
  it('opens two premium articles a month in full, each counted once, then only the excerpt', async () => {
    const guest = client('198.51.100.1');
    const first = await guest.reading(premium[0]!);
    expect(first.statusCode).toBe(200);
    expect(readingOf(first)).toMatchObject({
      access: 'full',
      meter: { used: 1, allowance: 2, remaining: 1, registeredAllowance: 5 },
    });
    expect(first.body).toContain(secretOf(0));
    expect(first.headers['cache-control']).toBe('private, no-store');
    // The visitor cookie: first-party, never to scripts, over https as the site is, a year.
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/^tribune\.visitor=[\w-]{22}\.[\w-]{43};/);
    expect(setCookie).toContain('Max-Age=31536000');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('SameSite=Lax');

    // The same article again in the same month costs nothing.
    const again = await guest.reading(premium[0]!);
    expect(readingOf(again)).toMatchObject({ access: 'full', meter: { used: 1, remaining: 1 } });
    expect(again.headers['set-cookie']).toBeUndefined();

    const second = await guest.reading(premium[1]!);
    expect(readingOf(second)).toMatchObject({ access: 'full', meter: { used: 2, remaining: 0 } });

    const third = await guest.reading(premium[2]!);
    expect(readingOf(third)).toMatchObject({
      access: 'preview',
      meter: { used: 2, allowance: 2, remaining: 0, registeredAllowance: 5 },
    });
    expect(third.body).toContain(openingOf(2));
    expect(third.body).not.toContain('Zebulon');

    // An article read this month stays open.
    expect(readingOf(await guest.reading(premium[1]!)).access).toBe('full');
    // A free article is never metered.
    expect(readingOf(await guest.reading(free))).toMatchObject({ access: 'full', meter: null });
  });

  it('stops a client that drops every cookie by its address and browser', async () => {
    const guest = client('198.51.100.2', browser, { dropsCookies: true });
    expect(readingOf(await guest.reading(premium[0]!)).access).toBe('full');
    expect(readingOf(await guest.reading(premium[1]!)).access).toBe('full');
    const third = await guest.reading(premium[2]!);
    expect(readingOf(third)).toMatchObject({ access: 'preview', meter: { remaining: 0 } });
    expect(third.body).not.toContain('Zebulon');
    expect((await guest.detail(premium[3]!)).statusCode).toBe(403);
    const { res, doc } = await guest.page(premium[4]!);
    expect(res.body).not.toContain('Zebulon');
    expect(doc.querySelector('.paywalled-content')?.textContent).toContain(
      '0 of 2 free premium articles left this month',
    );
  });

  it('refuses a visitor cookie it did not sign, counting by the address instead', async () => {
    const forged = `tribune.visitor=${'a'.repeat(22)}.${'b'.repeat(43)}`;
    const guest = client('198.51.100.3', browser, { dropsCookies: true });
    await guest.reading(premium[0]!, forged);
    await guest.reading(premium[1]!, forged);
    expect(readingOf(await guest.reading(premium[2]!, forged)).access).toBe('preview');
  });

  it('gives a crawler the excerpt and counts nothing for it', async () => {
    const before = (await meteredRows()).length;
    const crawler = client('198.51.100.4', googlebot);
    for (const id of premium.slice(0, 3)) {
      const reading = await crawler.reading(id);
      expect(readingOf(reading)).toMatchObject({ access: 'preview', meter: { remaining: 0 } });
      expect(reading.headers['set-cookie']).toBeUndefined();
      expect((await crawler.detail(id)).statusCode).toBe(403);
      const { res, doc } = await crawler.page(id);
      expect(res.body).not.toContain('Zebulon');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(jsonLd(doc)[0]).toMatchObject({ isAccessibleForFree: false });
    }
    expect((await meteredRows()).length).toBe(before);
  });

  it('spends nothing on a HEAD request, which reads no text', async () => {
    const before = (await meteredRows()).length;
    for (const url of [
      `/articles/${premium[3]}`,
      `/api/articledetail/${premium[3]}`,
      `/api/articles/${premium[3]}/reading`,
    ]) {
      const res = await t.app.inject({
        method: 'HEAD',
        url,
        remoteAddress: '198.51.100.40',
        headers: { 'user-agent': browser },
      });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect((await meteredRows()).length).toBe(before);
    // The same guest's first GET still finds their whole allowance.
    const reading = await client('198.51.100.40').reading(premium[3]!);
    expect(readingOf(reading)).toMatchObject({ access: 'full', meter: { used: 1, remaining: 1 } });
  });

  it('answers the detail in full under the meter, for this guest alone', async () => {
    const guest = client('198.51.100.5');
    const res = await guest.detail(premium[5]!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toMatchObject({
      _id: String(premium[5]),
      meter: { used: 1, allowance: 2, remaining: 1 },
    });
    expect(res.body).toContain(secretOf(5));
    // Anyone else asking right after (a crawler, twice: kept answers come from the second ask)
    // is refused, and a free article's kept answer carries no meter.
    for (let i = 0; i < 2; i += 1) {
      expect((await client('198.51.100.6', googlebot).detail(premium[5]!)).statusCode).toBe(403);
    }
    const freeDetail = await guest.detail(free);
    expect(freeDetail.json()).not.toHaveProperty('meter');
  });

  it('renders the page with the text and what is left, never stored or kept', async () => {
    const guest = client('198.51.100.7');
    const { res, doc } = await guest.page(premium[6]!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers['set-cookie'])).toMatch(/^tribune\.visitor=/);
    expect(doc.querySelector('.paywalled-content')?.textContent).toContain(secretOf(6));
    expect(doc.querySelector('aside[aria-label="Free premium articles"]')?.textContent).toContain(
      '1 of 2 free premium articles left this month',
    );
    expect(pageState(doc)).toContain(secretOf(6));
    // The paywall's markup stays: the article is not free, whoever reads it.
    expect(jsonLd(doc)[0]).toMatchObject({
      isAccessibleForFree: false,
      hasPart: { isAccessibleForFree: false, cssSelector: '.paywalled-content' },
    });

    // A crawler right after gets the page every guest gets alike: the excerpt.
    for (let i = 0; i < 2; i += 1) {
      const crawler = await client('198.51.100.8', googlebot).page(premium[6]!);
      // Its address is every guest's, and the meter opens it for some: no shared cache keeps it.
      expect(crawler.res.headers['cache-control']).toBe('private, no-cache');
      expect(crawler.res.body).toContain(openingOf(6));
      expect(crawler.res.body).not.toContain('Zebulon');
    }
    const stored = new StoredPages(
      t.app.database.db,
      storedPageBuild('source', site, t.app.readingMeter.describe()),
    );
    const page = await stored.read(premium[6]!);
    expect(page?.gzip).toBeInstanceOf(Buffer);
    expect(gunzipSync(page!.gzip).toString()).not.toContain('Zebulon');

    // The same guest again: still theirs, still open, nothing more counted.
    const again = await guest.page(premium[6]!);
    expect(again.res.headers['cache-control']).toBe('private, no-store');
    expect(again.res.body).toContain(secretOf(6));
    expect(again.res.body).toContain('1 of 2 free premium articles left this month');

    // A new guest, with the walled page kept and stored: their meter opens it all the same.
    const newcomer = await client('198.51.100.71').page(premium[6]!);
    expect(newcomer.res.headers['cache-control']).toBe('private, no-store');
    expect(newcomer.doc.querySelector('.paywalled-content')?.textContent).toContain(secretOf(6));
  });

  it('once spent, shows nothing past the free part anywhere, and offers a free account', async () => {
    const guest = client('198.51.100.9');
    await guest.reading(premium[0]!);
    await guest.reading(premium[1]!);

    const reading = await guest.reading(premium[2]!);
    expect(reading.body).not.toContain('Zebulon');
    const detail = await guest.detail(premium[2]!);
    expect(detail.statusCode).toBe(403);
    expect(detail.body).not.toContain('Zebulon');

    const { res, doc } = await guest.page(premium[2]!);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).not.toContain('Zebulon');
    expect(pageState(doc)).toContain(openingOf(2));
    expect(pageState(doc)).not.toContain('Zebulon');
    const [data] = jsonLd(doc);
    expect(data).toMatchObject({ isAccessibleForFree: false });
    expect(JSON.stringify(data)).not.toContain('Zebulon');
    const wall = doc.querySelector('section[aria-label="Premium article"]');
    expect(wall?.textContent).toContain('0 of 2 free premium articles left this month');
    expect(wall?.textContent).toContain(
      'Create a free account to read 5 more premium articles a month.',
    );
    expect(wall?.querySelector('a[href^="/register"]')?.getAttribute('href')).toBe(
      `/register?from=%2Farticles%2F${premium[2]}`,
    );

    const search = await guest.get('/api/search?q=Zebulon');
    expect(search.statusCode).toBe(200);
    expect(search.body).not.toContain('Zebulon');
    expect(search.body).not.toContain('lighthouse');
    const rss = await guest.get('/rss.xml');
    expect(rss.statusCode).toBe(200);
    expect(rss.body).toContain(openingOf(2));
    expect(rss.body).not.toContain('Zebulon');
  });
});

describe('the reading meter, for signed-in readers', () => {
  it('gives a free reader their own five a month, their guest reads aside', async () => {
    const browsing = client('198.51.100.10');
    for (const id of premium.slice(0, 5)) {
      expect(readingOf(await browsing.reading(id, reader.cookie)).access).toBe('full');
    }
    const sixth = await browsing.reading(premium[5]!, reader.cookie);
    expect(readingOf(sixth)).toEqual(
      expect.objectContaining({
        access: 'preview',
        meter: { used: 5, allowance: 5, remaining: 0 },
      }),
    );
    expect(sixth.body).not.toContain('Zebulon');
    expect((await browsing.detail(premium[5]!, reader.cookie)).statusCode).toBe(403);
    const { res, doc } = await browsing.page(premium[5]!, reader.cookie);
    expect(res.body).not.toContain('Zebulon');
    const wall = doc.querySelector('section[aria-label="Premium article"]');
    expect(wall?.textContent).toContain('0 of 5 free premium articles left this month');
    expect(wall?.querySelector('a[href="/subscription"]')).toBeTruthy();
    expect(wall?.querySelector('a[href^="/register"]')).toBeNull();
  });

  it('never meters premium readers, admins or the author', async () => {
    const rowsBefore = (await meteredRows()).length;
    for (const who of [subscriber, admin, author]) {
      for (const id of premium) {
        expect(readingOf(await client('198.51.100.11').reading(id, who.cookie))).toMatchObject({
          access: 'full',
          meter: null,
        });
      }
      const detail = await client('198.51.100.11').detail(premium[6]!, who.cookie);
      expect(detail.json()).not.toHaveProperty('meter');
    }
    expect((await meteredRows()).length).toBe(rowsBefore);
  });

  it('keeps each reader in the table by keyed hashes only', async () => {
    const rows = await meteredRows();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.month).toBe('2026-06');
      expect(row.readerHash).toMatch(/^[\w-]{43}$/);
      expect(row.readerHash).not.toContain(reader.user.id);
    }
  });
});

describe('registering from the registration wall', () => {
  const register = async (from: string, email: string) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      name: 'Wall Reader',
      email,
      password: 'Tribune123',
    }))
      form.append(name, value);
    form.append('photo', new Blob([new Uint8Array(await webp())]), 'me.webp');
    const request = new Request('http://x', { method: 'POST', body: form });
    return t.app.inject({
      method: 'POST',
      url: `/register?from=${encodeURIComponent(from)}`,
      remoteAddress: '198.51.100.12',
      headers: { origin: site, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  };

  it('leads back to the article, which the new account reads in full', async () => {
    const res = await register(`/articles/${premium[2]}`, 'wall@example.com');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/articles/${premium[2]}`);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const { res: page } = await client('198.51.100.12').page(premium[2]!, cookie);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain(secretOf(2));
    expect(page.body).toContain('4 of 5 free premium articles left this month');
  });

  it('never leads off the site', async () => {
    for (const [from, n] of [
      ['//evil.example/articles/1', 1],
      ['https://evil.example/articles/1', 2],
    ] as const) {
      const res = await register(from, `wall${n}@example.com`);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/');
    }
  });
});

describe('the month', () => {
  it("begins again at the month's turn in the site's time zone; the timed sweep drops the last", async () => {
    const guest = client('198.51.100.13');
    await guest.reading(premium[0]!);
    await guest.reading(premium[1]!);
    expect(readingOf(await guest.reading(premium[2]!)).access).toBe('preview');

    // 22:00 on the 30th in New York: already July in UTC, still June on the site.
    clock.advance(14 * 60 * 60 * 1000);
    expect(readingOf(await guest.reading(premium[2]!)).access).toBe('preview');
    const june = await meteredRows();
    expect(june.length).toBeGreaterThan(0);
    expect(june.every((row) => row.month === '2026-06')).toBe(true);

    // 01:00 on July 1st in New York.
    clock.advance(3 * 60 * 60 * 1000);
    const july = await guest.reading(premium[2]!);
    expect(readingOf(july)).toMatchObject({ access: 'full', meter: { used: 1, remaining: 1 } });

    await expect
      .poll(async () => (await meteredRows()).map((row) => row.month), { timeout: 10_000 })
      .toEqual(['2026-07', '2026-07']);
  });
});

describe('with the meter off (0)', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp(
      { publicUrl: site, meter: { guest: 0, registered: 0 } },
      { pages: await sourcePages() },
    );
  });
  afterAll(() => off.close());

  it('keeps the paywall for guests and free readers, and sets no cookie', async () => {
    const db = off.app.database.db;
    const writer = await signUp(off.app);
    const freeReader = await signUp(off.app);
    const description = `${openingOf(9)}\n\n${secretOf(9)} The keeper never sleeps.`;
    const { id } = await createArticle(db, writer.user.id, { isPremium: true, description });
    for (const cookie of [undefined, freeReader.cookie]) {
      const headers = { 'user-agent': browser, ...(cookie ? { cookie } : {}) };
      const reading = await off.app.inject({ url: `/api/articles/${id}/reading`, headers });
      expect(reading.json()).toMatchObject({ access: 'preview', meter: null });
      expect(reading.headers['set-cookie']).toBeUndefined();
      expect(reading.body).not.toContain('Zebulon');
      const detail = await off.app.inject({ url: `/api/articledetail/${id}`, headers });
      expect(detail.statusCode).toBe(403);
      const page = await off.app.inject({ url: `/articles/${id}`, headers });
      expect(page.body).not.toContain('Zebulon');
      expect(page.body).toContain('This is a premium article. Subscribe to read it.');
      expect(page.body).not.toContain('free premium articles left');
    }
    expect(await db.selectFrom('meteredRead').selectAll().execute()).toEqual([]);
  });
});
