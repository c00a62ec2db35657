import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterLinkMessages } from '#shared/newsletter-messages';
import { createTestApp, type TestApp } from '#server/test/app';
import { createPublisher } from '#server/test/factories';
import { subscriberToken } from './links.js';
import { confirmSubscription, requestSubscription } from './subscribers.js';

// A subscriber's own link (API.md, "Newsletter"): preferences and one-click unsubscribing,
// without signing in, on both engines.
let t: TestApp;
let herald: number;

beforeAll(async () => {
  t = await createTestApp();
  herald = (await createPublisher(t.app.database.db, { name: 'Harbour Herald' })).id;
  await createPublisher(t.app.database.db, { name: 'Valley Voice' });
});
afterAll(() => t.close());

/** A confirmed subscriber of the digest and the Harbour Herald, and their link's token. */
async function confirmedSubscriber(email: string) {
  const db = t.app.database.db;
  const outcome = await requestSubscription(db, email, [herald], new Date());
  if (outcome.kind !== 'confirm') throw new Error('not a new address');
  await confirmSubscription(db, outcome.token, new Date());
  const { id } = await db
    .selectFrom('newsletterSubscriber')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { id, token: subscriberToken(t.config.authSecret, id) };
}
const statusOf = async (id: number) =>
  (
    await t.app.database.db
      .selectFrom('newsletterSubscriber')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;
const preferences = (token: string) =>
  t.app.inject({ url: `/api/newsletter/preferences?token=${encodeURIComponent(token)}` });
const save = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/newsletter/preferences?token=${encodeURIComponent(token)}`,
    payload: payload as object,
  });
/** As a mail program sends RFC 8058's one-click request, from its own servers or pages. */
const oneClick = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'cross-site',
      origin: 'https://mail.example.net',
    },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('a subscriber’s preferences', () => {
  it('are shown and saved by the link’s token alone', async () => {
    const { token } = await confirmedSubscriber('prefs@example.com');
    const shown = await preferences(token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({
      email: 'prefs@example.com',
      status: 'confirmed',
      digest: true,
      publishers: ['Harbour Herald'],
    });
    const saved = await save(token, { digest: false, publishers: ['Valley Voice'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: newsletterLinkMessages.saved });
    expect((await preferences(token)).json()).toMatchObject({
      digest: false,
      publishers: ['Valley Voice'],
    });
  });

  it('refuse a token we did not make, or one for another subscriber, and change nothing', async () => {
    const { id, token } = await confirmedSubscriber('owner@example.com');
    const signature = token.split('.')[1]!;
    for (const bad of [
      '',
      'abc',
      `${id}.${'A'.repeat(43)}`,
      `${id + 1}.${signature}`,
      `0${token}`,
    ]) {
      expect((await preferences(bad)).statusCode, bad).toBe(400);
      const res = await save(bad, { digest: false, publishers: [] });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ message: newsletterLinkMessages.badLink });
      expect((await oneClick(bad)).statusCode, bad).toBe(400);
    }
    // Signed by us, for an id that is no subscriber's.
    expect((await preferences(subscriberToken(t.config.authSecret, 999_999))).statusCode).toBe(404);
    expect(await statusOf(id)).toBe('confirmed');
  });

  it('refuse an unknown publisher or a choice of another shape with a 400, saving nothing', async () => {
    const { token } = await confirmedSubscriber('careful@example.com');
    for (const payload of [
      { digest: true, publishers: ['Nobody Press'] },
      { digest: 'yes', publishers: [] },
      { publishers: [] },
      { digest: true, publishers: 'Valley Voice' },
    ]) {
      const res = await save(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    expect((await preferences(token)).json()).toMatchObject({
      digest: true,
      publishers: ['Harbour Herald'],
    });
  });

  it('unsubscribe when nothing is chosen, and bring the address back when something is', async () => {
    const { id, token } = await confirmedSubscriber('toggle@example.com');
    const left = await save(token, { digest: false, publishers: [] });
    expect(left.json()).toEqual({ message: newsletterLinkMessages.unsubscribed });
    expect(await statusOf(id)).toBe('unsubscribed');
    expect((await save(token, { digest: true, publishers: [] })).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('confirmed');
  });
});

describe('one-click unsubscribing', () => {
  it('unsubscribes at once on a POST from a mail program, without a session', async () => {
    const { id, token } = await confirmedSubscriber('leaving@example.com');
    const res = await oneClick(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: newsletterLinkMessages.unsubscribed });
    expect(await statusOf(id)).toBe('unsubscribed');
  });

  it('does nothing on a GET, which mail scanners send', async () => {
    const { id, token } = await confirmedSubscriber('scanned@example.com');
    const res = await t.app.inject({ url: `/api/newsletter/unsubscribe?token=${token}` });
    expect(res.statusCode).toBe(404);
    expect(await statusOf(id)).toBe('confirmed');
  });

  it('leaves a suppressed address suppressed, and its choices refused with a 409', async () => {
    const { id, token } = await confirmedSubscriber('bounced@example.com');
    await t.app.database.db
      .updateTable('newsletterSubscriber')
      .set({ status: 'suppressed' })
      .where('id', '=', id)
      .execute();
    expect((await oneClick(token)).statusCode).toBe(200);
    const res = await save(token, { digest: true, publishers: [] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: newsletterLinkMessages.suppressed });
    expect(await statusOf(id)).toBe('suppressed');
  });
});
