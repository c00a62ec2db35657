import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsletterMine } from '#shared/api/newsletter-reader';
import { newsletterLinkMessages, newsletterMessages } from '#shared/newsletter-messages';
import { newsletterAccountMessages } from '#shared/newsletter-reader';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp } from '#server/test/auth';
import { createPublisher } from '#server/test/factories';
import { confirmSubscription, requestSubscription } from './subscribers.js';

// A signed-in reader's own newsletter on My Profile (API.md, "Newsletter"), on both engines:
// their account's address only, at once when it is verified, by the mailed link when not.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createPublisher(t.app.database.db, { name: 'Harbour Herald' });
  await createPublisher(t.app.database.db, { name: 'Valley Voice' });
});
afterAll(() => t.close());

const mine = (cookie?: string) =>
  t.app.inject({ url: '/api/newsletter/me', headers: cookie ? { cookie } : {} });
const choose = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/newsletter/me',
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
const leave = (cookie?: string) =>
  t.app.inject({ method: 'DELETE', url: '/api/newsletter/me', headers: cookie ? { cookie } : {} });

/** The confirmation mails queued to `email`. */
const confirmationsTo = async (email: string) =>
  t.app.database.db
    .selectFrom('mailQueue')
    .select('id')
    .where('toAddress', '=', email)
    .where('kind', '=', 'newsletter-confirmation')
    .execute();

const stateOf = async (cookie: string) => (await mine(cookie)).json<NewsletterMine>();

describe('a reader’s own newsletter', () => {
  it('refuses guests, before reading anything', async () => {
    for (const answer of [
      await mine(),
      await choose(undefined, { digest: true, publishers: [] }),
      await choose(undefined, 'not json at all'),
      await leave(),
    ]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json().message).toEqual(expect.any(String));
    }
  });

  it('says the account’s address receives nothing until it subscribes', async () => {
    const reader = await signUp(t.app);
    expect(await stateOf(reader.cookie)).toEqual({
      email: reader.user.email,
      status: 'none',
      digest: false,
      publishers: [],
    });
  });

  it('subscribes a verified address at once, with its choices, then changes them and leaves', async () => {
    const reader = await signUp(t.app);
    const subscribed = await choose(reader.cookie, {
      digest: false,
      publishers: ['Harbour Herald'],
    });
    expect(subscribed.statusCode).toBe(200);
    expect(subscribed.json()).toEqual({ message: newsletterAccountMessages.subscribed });
    expect(await stateOf(reader.cookie)).toMatchObject({
      status: 'confirmed',
      digest: false,
      publishers: ['Harbour Herald'],
    });
    expect(await confirmationsTo(reader.user.email)).toHaveLength(0);

    const changed = await choose(reader.cookie, { digest: true, publishers: ['Valley Voice'] });
    expect(changed.json()).toEqual({ message: newsletterLinkMessages.saved });
    expect(await stateOf(reader.cookie)).toMatchObject({
      status: 'confirmed',
      digest: true,
      publishers: ['Valley Voice'],
    });

    const left = await leave(reader.cookie);
    expect(left.json()).toEqual({ message: newsletterLinkMessages.unsubscribed });
    expect((await stateOf(reader.cookie)).status).toBe('unsubscribed');
    const again = await leave(reader.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(newsletterAccountMessages.notSubscribed);
  });

  it('mails the confirmation link to an address not verified, which stays pending until opened', async () => {
    const reader = await signUp(t.app, { verified: false });
    const answer = await choose(reader.cookie, { digest: true, publishers: [] });
    expect(answer.json()).toEqual({ message: newsletterAccountMessages.confirmFirst });
    expect(await stateOf(reader.cookie)).toMatchObject({ status: 'pending', digest: true });
    expect(await confirmationsTo(reader.user.email)).toHaveLength(1);
  });

  it('needs the mailed link for a suppressed address, even a verified one', async () => {
    const reader = await signUp(t.app);
    await choose(reader.cookie, { digest: true, publishers: [] });
    await t.app.database.db
      .updateTable('newsletterSubscriber')
      .set({ status: 'suppressed' })
      .where('email', '=', reader.user.email)
      .execute();
    const answer = await choose(reader.cookie, { digest: true, publishers: [] });
    expect(answer.json()).toEqual({ message: newsletterAccountMessages.confirmFirst });
    expect((await stateOf(reader.cookie)).status).toBe('pending');
    expect(await confirmationsTo(reader.user.email)).toHaveLength(1);
  });

  it('touches only the caller’s own address, whatever the body names', async () => {
    const db = t.app.database.db;
    const other = 'someone-else@example.com';
    const request = await requestSubscription(db, other, [], new Date());
    if (request.kind !== 'confirm') throw new Error('not a new address');
    await confirmSubscription(db, request.token, new Date());
    const reader = await signUp(t.app);

    await choose(reader.cookie, { digest: true, publishers: [], email: other });
    await leave(reader.cookie);
    const row = await db
      .selectFrom('newsletterSubscriber')
      .select(['status', 'digest'])
      .where('email', '=', other)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('confirmed');
    expect((await stateOf(reader.cookie)).email).toBe(reader.user.email);
    expect((await stateOf(reader.cookie)).status).toBe('unsubscribed');
  });

  it('refuses choosing nothing to subscribe, an unknown publisher and a bad shape, changing nothing', async () => {
    const reader = await signUp(t.app);
    const cases: [unknown, string][] = [
      [{ digest: false, publishers: [] }, newsletterAccountMessages.chooseSomething],
      [
        { digest: true, publishers: ['Nowhere Weekly'] },
        newsletterMessages.unknownPublisher('Nowhere Weekly'),
      ],
      [{ digest: 'yes', publishers: [] }, 'digest: Say whether you want the daily digest'],
    ];
    for (const [payload, message] of cases) {
      const answer = await choose(reader.cookie, payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(message);
    }
    expect((await stateOf(reader.cookie)).status).toBe('none');
  });
});
