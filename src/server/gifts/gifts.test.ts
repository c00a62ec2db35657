import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gift, GiftLink } from '#shared/api/gifts';
import { giftMessages } from '#shared/gift-messages';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createTestClock } from '#server/test/clock';
import { createArticle } from '#server/test/factories';
import { sourcePages } from '#server/test/pages';
import { toIso } from '#server/db/values';
import { pageLifetimeMs } from '#server/pages/guest-pages';
import { sweepEndedOpenings } from './sweep.js';

/*
 * Gift links (decision 024) through the API and the pages, by who asks: the giver, another
 * reader, a guest's browsers, an admin. The site's time zone is New York's, whose months begin
 * four hours after UTC's in summer; the clock is the test's.
 */

const site = 'https://news.example.com';
const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const day = 24 * 60 * 60 * 1000;
/** The last day of June, 08:00 in New York. */
const clock = createTestClock(new Date('2026-06-30T12:00:00Z'));
let t: TestApp;
let author: TestUser;
let giver: TestUser;
let otherGiver: TestUser;
let reader: TestUser;
let admin: TestUser;
/** Premium articles, each with words only its paid part holds. */
const premium: number[] = [];
let free: number;
let pending: number;

const secretOf = (n: number) => `Quillon guards the vault number ${n} at midnight.`;
const openingOf = (n: number) => `Tale ${n} opens in a quiet harbour town.`;

beforeAll(async () => {
  t = await createTestApp(
    { publicUrl: site, timeZone: 'America/New_York', giftsPerMonth: 3 },
    { clock: clock.now, pages: await sourcePages() },
  );
  const db = t.app.database.db;
  author = await signUp(t.app);
  giver = await signUp(t.app);
  otherGiver = await signUp(t.app);
  reader = await signUp(t.app);
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  await db
    .updateTable('user')
    .set({ premiumUntil: '2030-01-01T00:00:00.000Z' })
    .where('id', 'in', [giver.user.id, otherGiver.user.id])
    .execute();
  for (let n = 0; n < 8; n += 1) {
    const description = `${openingOf(n)}\n\n${secretOf(n)} Nobody else knows.`;
    premium.push((await createArticle(db, author.user.id, { isPremium: true, description })).id);
  }
  free = (await createArticle(db, author.user.id)).id;
  pending = (
    await createArticle(db, author.user.id, {
      isPremium: true,
      isApproved: false,
      description: `${openingOf(99)}\n\n${secretOf(99)}`,
    })
  ).id;
});

afterAll(() => t.close());

/** A new reader with premium, with all of this month's gift links to give. */
async function premiumReader(): Promise<TestUser> {
  const user = await signUp(t.app);
  await t.app.database.db
    .updateTable('user')
    .set({ premiumUntil: '2030-01-01T00:00:00.000Z' })
    .where('id', '=', user.user.id)
    .execute();
  return user;
}

interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  cookies: { name: string; value: string }[];
  json<T>(): T;
}

function call(method: 'GET' | 'POST' | 'DELETE', url: string, who?: TestUser): Promise<Answer> {
  return t.app.inject({
    method,
    url,
    headers: { origin: site, ...(who ? { cookie: who.cookie } : {}) },
  }) as unknown as Promise<Answer>;
}

const give = (id: number, who?: TestUser) => call('POST', `/api/articles/${id}/gifts`, who);
const tokenOf = (link: GiftLink) => new URL(link.url).searchParams.get('gift')!;

/** A browser without an account, from its own address; it keeps the cookies it is given. */
function guestBrowser(ip: string, { dropsCookies = false } = {}) {
  const jar = new Map<string, string>();
  const get = async (url: string): Promise<Answer> => {
    const kept = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = (await t.app.inject({
      method: 'GET',
      url,
      remoteAddress: ip,
      headers: { 'user-agent': browser, ...(kept ? { cookie: kept } : {}) },
    })) as unknown as Answer;
    if (!dropsCookies) for (const { name, value } of res.cookies) jar.set(name, value);
    return res;
  };
  return {
    get,
    reading: (id: number, token: string) =>
      get(`/api/articles/${id}/reading?gift=${encodeURIComponent(token)}`),
  };
}

interface Reading {
  access: 'full' | 'preview';
  article: { description: string };
  gift?: { status: string };
}

describe('giving a gift link', () => {
  it('refuses guests (401), readers without premium (403), and gives premium readers a link', async () => {
    expect((await give(premium[0]!)).statusCode).toBe(401);
    const refused = await give(premium[0]!, reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden', message: giftMessages.premiumOnly });
    // The article's own author, without premium, is refused too.
    expect((await give(premium[0]!, author)).statusCode).toBe(403);

    const res = await give(premium[0]!, giver);
    expect(res.statusCode).toBe(201);
    const link = res.json<GiftLink>();
    expect(link.url).toMatch(
      new RegExp(`^${site}/articles/${premium[0]}\\?gift=[A-Za-z0-9_-]{22}$`),
    );
    expect(link.expiresAt).toBe(new Date(clock.now().getTime() + 30 * day).toISOString());
    expect(link).toMatchObject({ giftsLeft: 2, giftsPerMonth: 3 });
  });

  it('gives the same live link again, not counted again', async () => {
    const first = (await give(premium[0]!, giver)).json<GiftLink>();
    const again = await give(premium[0]!, giver);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    expect(first.giftsLeft).toBe(2);
  });

  it('refuses free, unpublished and missing articles, changing nothing', async () => {
    const before = await t.app.database.db.selectFrom('gift').selectAll().execute();
    const freeGift = await give(free, giver);
    expect(freeGift.statusCode).toBe(400);
    expect(freeGift.json()).toMatchObject({ message: giftMessages.notPremiumArticle });
    // An unpublished article does not exist for a giver who is not its author or an admin.
    expect((await give(pending, giver)).statusCode).toBe(404);
    const adminPending = await give(pending, admin);
    expect(adminPending.statusCode).toBe(400);
    expect(adminPending.json()).toMatchObject({ message: giftMessages.notPublished });
    expect((await give(999_999, giver)).statusCode).toBe(404);
    expect((await give(0, giver)).statusCode).toBe(404);
    expect(await t.app.database.db.selectFrom('gift').selectAll().execute()).toEqual(before);
  });

  it('keeps the token only as its hash and sealed, carrying no user', async () => {
    const link = (await give(premium[0]!, giver)).json<GiftLink>();
    const token = tokenOf(link);
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    const rows = [
      ...(await t.app.database.db.selectFrom('gift').selectAll().execute()),
      ...(await t.app.database.db.selectFrom('giftOpening').selectAll().execute()),
    ];
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
    const hash = createHash('sha256').update(token).digest('base64url');
    expect(JSON.stringify(rows)).toContain(hash);
    expect(token).not.toContain(giver.user.id);
  });

  it('allows GIFTS_PER_MONTH new links a calendar month, in the site’s time zone', async () => {
    expect((await give(premium[1]!, giver)).json<GiftLink>().giftsLeft).toBe(1);
    expect((await give(premium[2]!, giver)).json<GiftLink>().giftsLeft).toBe(0);
    const over = await give(premium[3]!, giver);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toEqual({ error: 'forbidden', message: giftMessages.monthlyLimit(3) });
    // An article already given this month is given again all the same.
    expect((await give(premium[1]!, giver)).statusCode).toBe(200);
    // 23:00 on June 30 in New York (03:00 UTC on July 1): still June there.
    clock.advance(15 * 60 * 60 * 1000);
    expect((await give(premium[3]!, giver)).statusCode).toBe(403);
    // An hour later it is July in New York: three more.
    clock.advance(60 * 60 * 1000);
    const july = await give(premium[3]!, giver);
    expect(july.statusCode).toBe(201);
    expect(july.json<GiftLink>().giftsLeft).toBe(2);
  });
});

describe('opening a gift link', () => {
  it('gives a guest the whole text, privately, and never keeps or stores it', async () => {
    const link = (await give(premium[4]!, await premiumReader())).json<GiftLink>();
    const token = tokenOf(link);
    const guest = guestBrowser('203.0.113.1');

    const reading = await guest.reading(premium[4]!, token);
    expect(reading.statusCode).toBe(200);
    expect(reading.headers['cache-control']).toBe('private, no-store');
    expect(reading.json<Reading>()).toMatchObject({ access: 'full', gift: { status: 'open' } });
    expect(reading.body).toContain(secretOf(4));
    expect(String(reading.headers['set-cookie'])).toMatch(/^tribune\.visitor=/);

    const detail = await guest.get(`/api/articledetail/${premium[4]}?gift=${token}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.headers['cache-control']).toBe('private, no-store');
    expect(detail.body).toContain(secretOf(4));

    // The page, twice (a kept page would be kept from the second ask).
    for (let i = 0; i < 2; i += 1) {
      const page = await guest.get(`/articles/${premium[4]}?gift=${token}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.body).toContain(secretOf(4));
      const doc = parse(page.body);
      expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
      expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
        `${site}/articles/${premium[4]}`,
      );
      expect(doc.querySelector('aside[aria-label="Gift"]')?.textContent).toContain(
        giftMessages.open,
      );
    }

    // Any guest without the link, twice, gets the excerpt, which is what is kept and stored.
    for (let i = 0; i < 2; i += 1) {
      const plain = await guestBrowser('203.0.113.2').get(`/articles/${premium[4]}`);
      expect(plain.body).toContain(openingOf(4));
      expect(plain.body).not.toContain('Quillon');
    }
    for (let i = 0; i < 2; i += 1) {
      const res = await guestBrowser('203.0.113.2').get(`/api/articledetail/${premium[4]}`);
      expect(res.statusCode).toBe(403);
    }
    const stored = await t.app.database.db.selectFrom('storedPage').selectAll().execute();
    expect(stored.some((row) => row.articleId === premium[4])).toBe(true);
    for (const row of stored) {
      if (row.htmlGzip) expect(gunzipSync(row.htmlGzip).toString()).not.toContain('Quillon');
    }
    for (const address of [`/articles/${premium[4]}`, `/articles/${premium[4]}?gift=${token}`]) {
      const kept = t.app.guestPages.peek(address, pageLifetimeMs) as
        { answer: { text: string } } | undefined;
      expect(kept?.answer.text ?? '').not.toContain('Quillon');
    }
  });

  it('counts each browser once and refuses the 26th, with a notice', async () => {
    const link = (await give(premium[5]!, otherGiver)).json<GiftLink>();
    const token = tokenOf(link);
    const browsers = Array.from({ length: 25 }, (_, i) => guestBrowser(`198.18.0.${i + 1}`));
    for (const each of browsers) {
      expect((await each.reading(premium[5]!, token)).json<Reading>().access).toBe('full');
    }
    // Each again: the same browsers, still open, nothing more counted.
    for (const each of browsers.slice(0, 3)) {
      expect((await each.reading(premium[5]!, token)).json<Reading>().access).toBe('full');
    }
    // A browser that drops its cookie is known by its address and agent.
    const dropper = guestBrowser('198.18.0.1', { dropsCookies: true });
    expect((await dropper.reading(premium[5]!, token)).json<Reading>().access).toBe('full');

    const late = guestBrowser('198.18.1.1');
    const refused = await late.reading(premium[5]!, token);
    expect(refused.json<Reading>()).toMatchObject({ access: 'preview', gift: { status: 'full' } });
    expect(refused.body).not.toContain('Quillon');
    expect(refused.headers['set-cookie']).toBeUndefined();
    const detail = await late.get(`/api/articledetail/${premium[5]}?gift=${token}`);
    expect(detail.statusCode).toBe(403);
    expect(detail.json()).toMatchObject({ message: giftMessages.full });
    const page = await late.get(`/articles/${premium[5]}?gift=${token}`);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain(openingOf(5));
    expect(page.body).not.toContain('Quillon');
    expect(parse(page.body).querySelector('aside[aria-label="Gift"]')?.textContent).toContain(
      giftMessages.full,
    );
    const openings = await t.app.database.db.selectFrom('giftOpening').selectAll().execute();
    expect(openings.filter((row) => JSON.stringify(row).includes('198.18'))).toEqual([]);

    const list = await call('GET', '/api/gifts', otherGiver);
    const gift = list.json<Gift[]>().find((each) => each.articleId === String(premium[5]));
    expect(gift).toMatchObject({ openedBy: 25, browserLimit: 25, revoked: false });
  });

  it('gives its last place to one of several new browsers asking at once', async () => {
    const link = (await give(premium[6]!, await premiumReader())).json<GiftLink>();
    const token = tokenOf(link);
    for (let i = 0; i < 24; i += 1) {
      await guestBrowser(`198.18.2.${i + 1}`).reading(premium[6]!, token);
    }
    const racing = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        guestBrowser(`198.18.3.${i + 1}`).reading(premium[6]!, token),
      ),
    );
    const access = racing.map((res) => res.json<Reading>().access);
    expect(access.filter((each) => each === 'full')).toHaveLength(1);
    const [gift] = await t.app.database.db
      .selectFrom('gift')
      .select('openedCount')
      .where('tokenHash', '=', createHash('sha256').update(token).digest('base64url'))
      .execute();
    expect(gift?.openedCount).toBe(25);
  });

  it('refuses a link for another article, a made-up token, and a crawler, without the text', async () => {
    const link = (await give(premium[6]!, await premiumReader())).json<GiftLink>();
    const guest = guestBrowser('203.0.113.3');
    const other = await guest.reading(premium[7]!, tokenOf(link));
    expect(other.json<Reading>()).toMatchObject({ access: 'preview', gift: { status: 'invalid' } });
    const madeUp = await guest.reading(premium[6]!, 'A'.repeat(22));
    expect(madeUp.json<Reading>()).toMatchObject({
      access: 'preview',
      gift: { status: 'invalid' },
    });
    const crawler = await t.app.inject({
      method: 'GET',
      url: `/articles/${premium[6]}?gift=${tokenOf(link)}`,
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
    });
    expect(crawler.body).not.toContain('Quillon');
    expect(crawler.headers['cache-control']).toBe('private, no-store');
  });

  it('expires after 30 days', async () => {
    const sender = await premiumReader();
    const link = (await give(premium[7]!, sender)).json<GiftLink>();
    const guest = guestBrowser('203.0.113.4');
    expect((await guest.reading(premium[7]!, tokenOf(link))).json<Reading>().access).toBe('full');
    clock.advance(30 * day - 1000);
    expect((await guest.reading(premium[7]!, tokenOf(link))).json<Reading>().access).toBe('full');
    clock.advance(1000);
    const expired = await guest.reading(premium[7]!, tokenOf(link));
    expect(expired.json<Reading>()).toMatchObject({
      access: 'preview',
      gift: { status: 'expired' },
    });
    expect(expired.body).not.toContain('Quillon');
    // A new gift of the same article is a new link, one of this month's.
    const next = await give(premium[7]!, sender);
    expect(next.statusCode).toBe(201);
    expect(next.json<GiftLink>().url).not.toBe(link.url);

    // The ended link's openings are swept; the live one's stay, and the count stays listed.
    expect((await guest.reading(premium[7]!, tokenOf(next.json()))).statusCode).toBe(200);
    const openings = async () =>
      (
        await t.app.database.db
          .selectFrom('giftOpening')
          .innerJoin('gift', 'gift.id', 'giftOpening.giftId')
          .select('gift.expiresAt')
          .where('gift.articleId', '=', premium[7]!)
          .execute()
      ).map((row) => toIso(row.expiresAt));
    expect(await openings()).toEqual([link.expiresAt, next.json<GiftLink>().expiresAt]);
    expect(await sweepEndedOpenings(t.app.database.db, clock.now())).toBeGreaterThanOrEqual(1);
    expect(await openings()).toEqual([next.json<GiftLink>().expiresAt]);
    const listed = (await call('GET', '/api/gifts', sender)).json<Gift[]>();
    expect(listed.find((gift) => gift.expiresAt === link.expiresAt)).toMatchObject({
      expired: true,
      openedBy: 1,
    });
  });
});

describe('listing and revoking gift links', () => {
  it('lists the giver’s own, newest first, paginated, and every giver’s for admins only', async () => {
    expect((await call('GET', '/api/gifts')).statusCode).toBe(401);
    const mine = await call('GET', '/api/gifts?limit=2&page=1', giver);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['x-total-count']).toBe('4');
    const gifts = mine.json<Gift[]>();
    expect(gifts.map((gift) => gift.articleId)).toEqual([String(premium[3]), String(premium[2])]);
    expect(gifts[0]).toMatchObject({
      articleTitle: expect.any(String) as string,
      revoked: false,
      openedBy: 0,
    });
    expect(gifts[0]).not.toHaveProperty('giver');
    const second = await call('GET', '/api/gifts?limit=2&page=2', giver);
    expect(second.json<Gift[]>().map((gift) => gift.articleId)).toEqual([
      String(premium[1]),
      String(premium[0]),
    ]);
    // Nobody else's gifts in a reader's list; none at all for one who gave none.
    const readers = await call('GET', '/api/gifts', reader);
    expect(readers.json()).toEqual([]);
    expect(readers.headers['x-total-count']).toBe('0');

    const refused = await call('GET', '/api/gifts?all=true', giver);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: giftMessages.allOnlyAdmins });
    const all = await call('GET', '/api/gifts?all=true&limit=50', admin);
    expect(all.statusCode).toBe(200);
    expect(Number(all.headers['x-total-count'])).toBe(all.json<Gift[]>().length);
    expect(all.json<Gift[]>()[0]).toHaveProperty('giver.email');
    expect(all.body).not.toContain('gift=');
    expect((await call('GET', '/api/gifts?limit=0', giver)).statusCode).toBe(400);
  });

  it('lets the giver revoke their own link, and nobody else but an admin', async () => {
    const link = (await give(premium[4]!, giver)).json<GiftLink>();
    const guest = guestBrowser('203.0.113.5');
    expect((await guest.reading(premium[4]!, tokenOf(link))).json<Reading>().access).toBe('full');
    const id = (await call('GET', '/api/gifts', giver)).json<Gift[]>()[0]!.id;

    expect((await call('DELETE', `/api/gifts/${id}`)).statusCode).toBe(401);
    for (const who of [reader, otherGiver]) {
      const refused = await call('DELETE', `/api/gifts/${id}`, who);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: giftMessages.notFound });
    }
    expect((await call('DELETE', '/api/gifts/abc', giver)).statusCode).toBe(400);
    expect((await call('DELETE', '/api/gifts/999999', giver)).statusCode).toBe(404);
    expect((await guest.reading(premium[4]!, tokenOf(link))).json<Reading>().access).toBe('full');

    const revoked = await call('DELETE', `/api/gifts/${id}`, giver);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ revokedCount: 1 });
    expect((await call('DELETE', `/api/gifts/${id}`, giver)).json()).toEqual({ revokedCount: 0 });
    // Even a browser that opened it before now gets the excerpt, and is told why.
    const after = await guest.reading(premium[4]!, tokenOf(link));
    expect(after.json<Reading>()).toMatchObject({
      access: 'preview',
      gift: { status: 'revoked' },
    });
    expect(after.body).not.toContain('Quillon');
    const page = await guest.get(`/articles/${premium[4]}?gift=${tokenOf(link)}`);
    expect(page.body).not.toContain('Quillon');
    expect(page.body).toContain(giftMessages.revoked);
    const listed = (await call('GET', '/api/gifts', giver)).json<Gift[]>()[0];
    expect(listed).toMatchObject({ id, revoked: true });
    // Sharing the article again is a new link.
    expect((await give(premium[4]!, giver)).statusCode).toBe(201);
  });

  it('lets an admin revoke one link, and all of them at once', async () => {
    const sender = await premiumReader();
    const link = (await give(premium[5]!, sender)).json<GiftLink>();
    const id = (await call('GET', '/api/gifts', sender)).json<Gift[]>()[0]!.id;
    expect((await call('DELETE', `/api/gifts/${id}`, admin)).json()).toEqual({ revokedCount: 1 });
    const guest = guestBrowser('203.0.113.6');
    expect((await guest.reading(premium[5]!, tokenOf(link))).json<Reading>().access).toBe(
      'preview',
    );

    const live = await t.app.database.db
      .selectFrom('gift')
      .select('id')
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', clock.now().toISOString())
      .execute();
    expect(live.length).toBeGreaterThan(0);
    expect((await call('DELETE', '/api/gifts')).statusCode).toBe(401);
    for (const who of [reader, giver]) {
      expect((await call('DELETE', '/api/gifts', who)).statusCode).toBe(403);
    }
    const all = await call('DELETE', '/api/gifts', admin);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ revokedCount: live.length });
    expect((await call('DELETE', '/api/gifts', admin)).json()).toEqual({ revokedCount: 0 });
    const list = (await call('GET', '/api/gifts?all=true&limit=50', admin)).json<Gift[]>();
    expect(list.every((gift) => gift.revoked || gift.expired)).toBe(true);
    expect(list.some((gift) => gift.expired && !gift.revoked)).toBe(true);
  });
});
