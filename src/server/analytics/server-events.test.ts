import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsOverview, ReaderRevenueMonth } from '#shared/api/analytics';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createTestClock } from '#server/test/clock';
import { createArticle, makePremium } from '#server/test/factories';
import { multipartBody, webp } from '#server/test/image-fixtures';
import { linkIn, waitForMail } from '#server/test/outbox';
import { sourcePages } from '#server/test/pages';
import { goodCard } from '#server/test/payment-peers';
import { confirmPayment } from '#server/test/payment-calls';
import type { PaymentIntent } from '#shared/payments';
import type { AnalyticsEventKind } from '#server/db/schema';
import { readerHash } from './hashes.js';
import { recordGiftEvent } from './plugin.js';
import { rollUp } from './rollup.js';

/*
 * The events the server records where they happen: walls shown (a guest's page, the article
 * page's read), metered reads, checkouts and subscriptions, accounts made, newsletter sign-ups
 * and gift links; and the funnel's attribution of a subscription to the last wall its reader met
 * within 7 days. Guests may read one premium article a month, readers one more.
 */

const site = 'https://news.example.com';
const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const clock = createTestClock(new Date('2026-09-10T09:00:00Z'));
const day = 24 * 60 * 60 * 1000;
let t: TestApp;
let admin: TestUser;
const premium: number[] = [];
let free: number;

beforeAll(async () => {
  t = await createTestApp(
    { publicUrl: site, timeZone: 'UTC', meter: { guest: 1, registered: 1 } },
    { clock: clock.now, pages: await sourcePages() },
  );
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  for (let n = 0; n < 6; n += 1) {
    premium.push(
      (
        await createArticle(t.app.database.db, admin.user.id, {
          isPremium: true,
          title: `Premium ${n}`,
        })
      ).id,
    );
  }
  free = (await createArticle(t.app.database.db, admin.user.id)).id;
});

afterAll(() => t.close());

const lastId = async () => {
  await t.app.analytics.flush();
  return Number(
    (
      await t.app.database.db
        .selectFrom('analyticsEvent')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );
};
/** The events recorded while `act` ran. */
async function recorded(act: () => Promise<unknown>) {
  const before = await lastId();
  await act();
  await t.app.analytics.flush();
  return t.app.database.db
    .selectFrom('analyticsEvent')
    .selectAll()
    .where('id', '>', before)
    .orderBy('id')
    .execute();
}
const kinds = (rows: { kind: AnalyticsEventKind }[]) => rows.map((row) => row.kind);

const get = (url: string, { ip = '198.51.100.1', ua = browser, cookie = '' } = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    remoteAddress: ip,
    headers: { 'user-agent': ua, ...(cookie ? { cookie } : {}) },
  });

async function pay(user: TestUser) {
  // As a browser asks: the injected requests' own user agent reads as a robot's.
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { cookie: user.cookie, 'user-agent': browser },
    payload: { price: 1 },
  });
  expect(started.statusCode).toBe(200);
  const intent = started.json<PaymentIntent>();
  const charged = await t.app.inject({
    method: 'POST',
    url: '/api/payments/demo/charge',
    headers: { cookie: user.cookie },
    payload: {
      clientSecret: intent.clientSecret,
      card: goodCard,
      billingDetails: { name: user.user.name, email: user.user.email },
    },
  });
  expect(charged.statusCode).toBe(200);
  expect((await confirmPayment(t, user, intent.paymentIntentId)).statusCode).toBe(200);
}

describe('walls and metered reads', () => {
  it("a guest's page: the meter's read, then the registration wall; never a crawler's", async () => {
    const guest = { ip: '198.51.100.10' };
    const opened = await recorded(() => get(`/articles/${premium[0]}`, guest));
    expect(kinds(opened)).toEqual(['metered_read']);
    expect(opened[0]).toMatchObject({ articleId: premium[0], device: 'desktop' });

    const walled = await recorded(() => get(`/articles/${premium[1]}`, guest));
    expect(kinds(walled)).toEqual(['registration_wall']);
    expect(walled[0]).toMatchObject({ articleId: premium[1], readerHash: null });
    expect(walled[0]!.visitorHash).toMatch(/^[\w-]{43}$/);

    expect(await recorded(() => get(`/articles/${premium[1]}`, { ua: googlebot }))).toEqual([]);
    expect(await recorded(() => get(`/articles/${free}`, guest))).toEqual([]);
  });

  it('a metered read of a page the server holds names its article and publisher', async () => {
    // An article of its own, so the funnel's counts below stay those of the others.
    const { id, publisherId } = await createArticle(t.app.database.db, admin.user.id, {
      isPremium: true,
      title: 'Held page',
    });
    // A crawler's visit leaves the article's guest page kept: the meter then takes its facts.
    expect((await get(`/articles/${id}`, { ua: googlebot })).statusCode).toBe(200);
    const opened = await recorded(() => get(`/articles/${id}`, { ip: '198.51.100.12' }));
    expect(kinds(opened)).toEqual(['metered_read']);
    expect(opened[0]).toMatchObject({ articleId: id, publisherId });
  });

  it("the article page's read: a reader's wall under their keyed hash, a guest's without", async () => {
    const reader = await signUp(t.app);
    const ownRead = await recorded(() =>
      get(`/api/articles/${premium[0]}/reading`, { cookie: reader.cookie }),
    );
    expect(kinds(ownRead)).toEqual(['metered_read']);
    const walled = await recorded(() =>
      get(`/api/articles/${premium[1]}/reading`, { cookie: reader.cookie }),
    );
    expect(kinds(walled)).toEqual(['paywall']);
    expect(walled[0]).toMatchObject({
      articleId: premium[1],
      readerHash: readerHash(t.config.authSecret, reader.user.id),
    });
    expect(walled[0]!.readerHash).not.toContain(reader.user.id);

    const guest = { ip: '198.51.100.11' };
    await get(`/api/articles/${premium[0]}/reading`, guest);
    const guestWall = await recorded(() => get(`/api/articles/${premium[2]}/reading`, guest));
    expect(kinds(guestWall)).toEqual(['registration_wall']);
    expect(
      await recorded(() => get(`/api/articles/${premium[2]}/reading`, { ua: googlebot })),
    ).toEqual([]);
    expect(
      await recorded(() => get(`/api/articles/${premium[2]}/reading`, { ...guest, cookie: '' })),
    ).toHaveLength(1);
  });

  it("a signed-in reader's own page of an article: their wall under their keyed hash", async () => {
    const reader = await signUp(t.app);
    // Articles of this test's own, so the funnel's counts below stay those of the others.
    const [first, second] = await Promise.all(
      ['Own page 1', 'Own page 2'].map(
        async (title) =>
          (await createArticle(t.app.database.db, admin.user.id, { isPremium: true, title })).id,
      ),
    );
    const opened = await recorded(() => get(`/articles/${first}`, { cookie: reader.cookie }));
    expect(kinds(opened)).toEqual(['metered_read']);
    const walled = await recorded(() => get(`/articles/${second}`, { cookie: reader.cookie }));
    expect(kinds(walled)).toEqual(['paywall']);
    expect(walled[0]).toMatchObject({
      articleId: second,
      readerHash: readerHash(t.config.authSecret, reader.user.id),
    });
    // Their free article's page, and a crawler signed in (as no reader is), show no wall.
    expect(await recorded(() => get(`/articles/${free}`, { cookie: reader.cookie }))).toEqual([]);
    expect(
      await recorded(() => get(`/articles/${second}`, { cookie: reader.cookie, ua: googlebot })),
    ).toEqual([]);
  });
});

describe('the funnel: checkouts and subscriptions credited to the last wall within 7 days', () => {
  it('credits a subscription 6 days after the wall, to the last wall met', async () => {
    const reader = await signUp(t.app);
    await get(`/api/articles/${premium[0]}/reading`, { cookie: reader.cookie });
    await get(`/api/articles/${premium[3]}/reading`, { cookie: reader.cookie });
    clock.advance(day);
    await get(`/api/articles/${premium[4]}/reading`, { cookie: reader.cookie });
    clock.advance(6 * day - 60_000);
    const events = await recorded(() => pay(reader));
    expect(kinds(events)).toEqual(['checkout', 'subscription']);
    expect(events.map((event) => event.articleId)).toEqual([premium[4], premium[4]]);
    expect(events[1]).toMatchObject({ readerHash: null, visitorHash: null });
  });

  it('credits none 7 days after the wall, nor to a reader who met none', async () => {
    const reader = await signUp(t.app);
    await get(`/api/articles/${premium[0]}/reading`, { cookie: reader.cookie });
    await get(`/api/articles/${premium[3]}/reading`, { cookie: reader.cookie });
    clock.advance(7 * day + 60_000);
    const late = await recorded(() => pay(reader));
    expect(kinds(late)).toEqual(['checkout', 'subscription']);
    expect(late.map((event) => event.articleId)).toEqual([null, null]);

    const stranger = await signUp(t.app);
    const unwalled = await recorded(() => pay(stranger));
    expect(unwalled.map((event) => event.articleId)).toEqual([null, null]);
  });

  it("credits a guest's wall through the account they register from it, without a cookie", async () => {
    const guest = { ip: '198.51.100.40' };
    await get(`/articles/${premium[0]}`, guest);
    const walled = await recorded(() => get(`/articles/${premium[5]}`, guest));
    expect(kinds(walled)).toEqual(['registration_wall']);

    clock.advance(2 * 60 * 60 * 1000);
    const email = `walled-${Date.now()}@example.com`;
    const form = await multipartBody(
      [{ field: 'photo', bytes: await webp(), filename: 'me.webp', type: 'image/webp' }],
      { name: 'Wall Reader', email, password: 'Secret1' },
    );
    const made = await recorded(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/register?from=${encodeURIComponent(`/articles/${premium[5]}`)}`,
        remoteAddress: guest.ip,
        headers: { ...form.headers, 'user-agent': browser },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(201);
      return res;
    });
    expect(kinds(made)).toEqual(['registration']);
    const user = await t.app.database.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(made[0]).toMatchObject({
      articleId: premium[5],
      readerHash: readerHash(t.config.authSecret, user.id),
    });

    // Five days later, the new reader subscribes: credited to the wall they registered from.
    await t.app.database.db
      .updateTable('user')
      .set({ emailVerified: true })
      .where('id', '=', user.id)
      .execute();
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'Secret1' },
    });
    const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    clock.advance(5 * day);
    const bought = await recorded(() =>
      pay({ cookie, user: { id: user.id, name: 'Wall Reader', email }, password: 'Secret1' }),
    );
    expect(bought.map((event) => event.articleId)).toEqual([premium[5], premium[5]]);
  });

  it('credits no article to an account registered from a wall this visitor never met', async () => {
    const form = await multipartBody(
      [{ field: 'photo', bytes: await webp(), filename: 'me.webp', type: 'image/webp' }],
      { name: 'Other Reader', email: `other-${Date.now()}@example.com`, password: 'Secret1' },
    );
    const made = await recorded(() =>
      t.app.inject({
        method: 'POST',
        url: `/api/register?from=${encodeURIComponent(`/articles/${premium[3]}`)}`,
        remoteAddress: '198.51.100.41',
        headers: { ...form.headers, 'user-agent': browser },
        payload: form.payload,
      }),
    );
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ kind: 'registration', articleId: null, readerHash: null });
  });

  it('registers whatever the page registered from says, crediting nothing it cannot read', async () => {
    const form = await multipartBody(
      [{ field: 'photo', bytes: await webp(), filename: 'me.webp', type: 'image/webp' }],
      { name: 'Long Reader', email: `long-${Date.now()}@example.com`, password: 'Secret1' },
    );
    const made = await recorded(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/register?from=/articles/${'9'.repeat(3000)}`,
        remoteAddress: '198.51.100.42',
        headers: { ...form.headers, 'user-agent': browser },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(201);
    });
    expect(made[0]).toMatchObject({ kind: 'registration', articleId: null });
  });
});

describe('sign-ups and gift links', () => {
  it('records a newsletter subscription when its address is confirmed', async () => {
    const email = `letters-${Date.now()}@example.com`;
    const asked = await recorded(() =>
      t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email } }),
    );
    expect(asked).toEqual([]);
    const outbox = t.config.mail.kind === 'outbox' ? t.config.mail.dir : '';
    const mail = await waitForMail(outbox, email, (m) => m.subject.startsWith('Confirm your sub'));
    const token = linkIn(mail, site).searchParams.get('token');
    const confirmed = await recorded(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/newsletter/confirm',
        headers: { 'user-agent': browser },
        payload: { token },
      }),
    );
    expect(kinds(confirmed)).toEqual(['newsletter_signup']);
  });

  it('records a signed-in reader subscribing with their verified address', async () => {
    const reader = await signUp(t.app);
    const subscribed = await recorded(() =>
      t.app.inject({
        method: 'PUT',
        url: '/api/newsletter/me',
        headers: { cookie: reader.cookie, 'user-agent': browser },
        payload: { digest: true, publishers: [] },
      }),
    );
    expect(kinds(subscribed)).toEqual(['newsletter_signup']);
  });

  it('records a gift link given, and each browser it opens for, where the gift links are', async () => {
    const giver = await signUp(t.app);
    await makePremium(t.app.database.db, giver.user.id);
    let url = '';
    const given = await recorded(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/articles/${premium[3]}/gifts`,
        headers: { cookie: giver.cookie, 'user-agent': browser },
      });
      expect(res.statusCode).toBe(201);
      url = res.json<{ url: string }>().url;
    });
    expect(kinds(given)).toEqual(['gift_given']);
    const gift = new URL(url).searchParams.get('gift')!;
    const reading = `/api/articles/${premium[3]}/reading?gift=${encodeURIComponent(gift)}`;
    const opened = await recorded(() => get(reading, { ip: '198.51.100.60' }));
    expect(kinds(opened)).toEqual(['gift_opened']);
    expect(opened[0]).toMatchObject({ articleId: premium[3] });
  });

  it("records gift links given and opened through the function the gift links' feature calls", async () => {
    const request = { ip: '198.51.100.50', headers: { 'user-agent': browser } } as FastifyRequest;
    const events = await recorded(async () => {
      await recordGiftEvent(t.app, 'gift_given', request, premium[2]!);
      await recordGiftEvent(t.app, 'gift_opened', request, premium[2]!);
    });
    expect(kinds(events)).toEqual(['gift_given', 'gift_opened']);
    expect(events.map((event) => event.articleId)).toEqual([premium[2], premium[2]]);
  });
});

describe('the funnel in the answers', () => {
  it("counts this month's walls, metered reads, sign-ups and subscriptions after a wall", async () => {
    await t.app.analytics.flush();
    await rollUp(t.app.database.db, new Date(clock.now().getTime() + 60_000));
    const raw = await t.app.database.db.selectFrom('analyticsEvent').selectAll().execute();
    const count = (kind: AnalyticsEventKind, credited = false) =>
      raw.filter(
        (row) =>
          row.kind === kind &&
          row.hour.startsWith('2026-09') &&
          (!credited || row.articleId !== null),
      ).length;
    const month = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/reader-revenue',
      headers: { cookie: admin.cookie },
    });
    expect(month.json<ReaderRevenueMonth>()).toMatchObject({
      month: '2026-09',
      meteredReads: count('metered_read'),
      walls: count('paywall') + count('registration_wall'),
      registrationsAfterWall: 1,
      subscriptionsAfterWall: 2,
      giftsGiven: 2,
      giftsOpened: 2,
    });
    expect(count('subscription')).toBe(4);

    const overview = (
      await t.app.inject({
        method: 'GET',
        url: '/api/analytics/overview?days=30',
        headers: { cookie: admin.cookie },
      })
    ).json<AnalyticsOverview>();
    expect(overview.funnel.site).toMatchObject({ checkouts: 2, subscriptions: 2 });
    const fourth = overview.funnel.articles.find((article) => article.articleId === premium[4]);
    expect(fourth).toMatchObject({ title: 'Premium 4', walls: 1, checkouts: 1, subscriptions: 1 });
  });
});
