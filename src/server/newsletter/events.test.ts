import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterMessages } from '#shared/newsletter-messages';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createTestClock } from '#server/test/clock';
import { createArticle, createPublisher } from '#server/test/factories';
import { startMailingSite, type MailingSite } from '#server/test/mailing-site';
import type { ReceivedMail, SmtpPeer } from '#server/test/smtp-peer';
import { retryDelayMs } from './deliveries.js';
import { eventsMessages } from './events-routes.js';
import { confirmSubscription, requestSubscription } from './subscribers.js';
import { complaintsStopSend } from './suppression.js';

// The mail service's bounces and complaints, signed, over a real local SMTP server on both
// engines: who is suppressed and when, what a suppressed address no longer receives, and a send
// that stops itself on its complaints and tells the admins.
const secret = 'a-webhook-secret-that-is-long-enough-0123';
const clock = createTestClock(new Date('2026-11-28T09:00:00.000Z'));
let site: MailingSite;
let smtp: SmtpPeer;
let t: TestApp;
let admin: TestUser;
let secondAdmin: TestUser;
let herald: number;

beforeAll(async () => {
  site = await startMailingSite(clock, { newsletterWebhookSecret: secret });
  ({ t, smtp } = site);
  admin = await signUp(t.app, { email: 'editor@tribune.test' });
  await makeAdmin(t.app, admin.user.id);
  secondAdmin = await signUp(t.app, { email: 'chief@tribune.test' });
  await makeAdmin(t.app, secondAdmin.user.id);
  herald = (await createPublisher(t.app.database.db, { name: 'Harbour Herald' })).id;
  for (const name of ['keeper', 'hard', 'complainer', 'soft-run', 'soft-broken']) {
    await subscribed(`${name}@example.com`);
  }
});
afterAll(() => site.close());

async function subscribed(email: string) {
  const db = t.app.database.db;
  const outcome = await requestSubscription(db, email, [], clock.now());
  if (outcome.kind === 'confirm') await confirmSubscription(db, outcome.token, clock.now());
}

const sign = (timestamp: string, body: string, key = secret) =>
  `sha256=${createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex')}`;
const nowSeconds = () => String(Math.floor(clock.now().getTime() / 1000));

/** Posts a report as the mail service does, signed unless told otherwise. */
function report(
  payload: unknown,
  options: { timestamp?: string; signature?: string | null; raw?: string } = {},
) {
  const body = options.raw ?? JSON.stringify(payload);
  const timestamp = options.timestamp ?? nowSeconds();
  const signature = options.signature === undefined ? sign(timestamp, body) : options.signature;
  return t.app.inject({
    method: 'POST',
    url: '/api/newsletter/events',
    headers: {
      'content-type': 'application/json',
      'x-tribune-timestamp': timestamp,
      ...(signature !== null && { 'x-tribune-signature': signature }),
    },
    payload: body,
  });
}

const waitMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function receivedFor(subject: string, count: number): Promise<ReceivedMail[]> {
  const deadline = Date.now() + 10_000;
  const mine = () => smtp.received.filter((mail) => mail.subject === subject);
  while (mine().length < count && Date.now() < deadline) await waitMs(20);
  // A little longer, to see that no more come.
  await waitMs(200);
  return mine();
}
const recipientsOf = (mails: ReceivedMail[]) => mails.flatMap((mail) => mail.to).sort();

/** Sends an article as a newsletter now; answers the send. */
async function queueSend(title: string) {
  const article = await createArticle(t.app.database.db, admin.user.id, {
    title,
    publisherId: herald,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/newsletter/sends',
    headers: { cookie: admin.cookie },
    payload: { articleId: article.id },
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ id: number; recipients: number }>();
}

/** Sends an article as a newsletter; answers the send and, once they came, its messages' readers. */
async function send(title: string, options: { expect?: number } = {}) {
  const { id, recipients } = await queueSend(title);
  const mails = await receivedFor(title, options.expect ?? recipients);
  return { id, recipients, to: recipientsOf(mails) };
}

const subscriber = (email: string) =>
  t.app.database.db
    .selectFrom('newsletterSubscriber')
    .select(['id', 'status', 'suppressedReason'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
const statusOf = async (email: string) => (await subscriber(email)).status;

const delivery = async (sendId: number, email: string) =>
  t.app.database.db
    .selectFrom('newsletterDelivery')
    .select(['status', 'lastError'])
    .where('sendId', '=', sendId)
    .where('subscriberId', '=', (await subscriber(email)).id)
    .executeTakeFirstOrThrow();

let first: { id: number; to: string[] };

describe('the bounce and complaint webhook', () => {
  it('refuses a call unsigned, wrongly signed or older than five minutes, changing nothing', async () => {
    first = await send('Harbour opens');
    expect(first.to).toHaveLength(5);
    const events = { events: [{ type: 'hard_bounce', email: 'hard@example.com' }] };
    const body = JSON.stringify(events);
    const old = String(Math.floor(clock.now().getTime() / 1000) - 6 * 60);
    const later = String(Math.floor(clock.now().getTime() / 1000) + 6 * 60);
    const refused = [
      await report(events, { signature: null }),
      await report(events, { signature: 'sha256=' }),
      await report(events, { signature: sign(nowSeconds(), body, 'another-secret') }),
      await report(events, { signature: sign(nowSeconds(), `${body} `) }),
      await report(events, { timestamp: nowSeconds(), signature: sign(old, body) }),
      await report(events, { timestamp: old }),
      await report(events, { timestamp: later }),
      await report(events, { timestamp: '' }),
    ];
    expect(refused.map((res) => res.statusCode)).toEqual(Array(8).fill(401));
    expect(refused[0]!.json()).toEqual({
      error: 'unauthorized',
      message: eventsMessages.badSignature,
    });
    expect(refused[5]!.json()).toMatchObject({ message: eventsMessages.staleTimestamp });
    expect(await statusOf('hard@example.com')).toBe('confirmed');
    expect((await delivery(first.id, 'hard@example.com')).status).toBe('sent');
  });

  it('refuses a malformed report, signed, with what is wrong, changing nothing', async () => {
    const cases: [unknown, string, string?][] = [
      [undefined, eventsMessages.notJson, '{"events": ['],
      [{}, 'events: events is a list'],
      [{ events: [] }, 'events: events lists at least one event'],
      [
        { events: [{ type: 'hard_bounce', email: 'hard@example.com' }, { type: 'bounce' }] },
        'events.1.type: type is hard_bounce, soft_bounce or complaint',
      ],
      [
        { events: [{ type: 'complaint', email: 'not an address' }] },
        'events.0.email: email is an address',
      ],
      [
        { events: [{ type: 'complaint', email: 'hard@example.com', sendId: 'one' }] },
        'events.0.sendId: sendId is the id of a send',
      ],
    ];
    for (const [payload, message, raw] of cases) {
      const res = await report(payload, { raw });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: 'bad_request', message });
    }
    expect(await statusOf('hard@example.com')).toBe('confirmed');
    expect((await delivery(first.id, 'hard@example.com')).status).toBe('sent');
  });

  it('suppresses at once on a hard bounce or a complaint, the delivery then bounced', async () => {
    const res = await report({
      events: [
        { type: 'hard_bounce', email: 'hard@example.com', sendId: first.id },
        // No send named: the address's latest delivery.
        { type: 'complaint', email: 'Complainer@Example.com', at: '2026-11-28T08:59:00Z' },
        { type: 'hard_bounce', email: 'stranger@example.com' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ applied: 2, ignored: 1 });
    expect(await subscriber('hard@example.com')).toMatchObject({
      status: 'suppressed',
      suppressedReason: 'hard_bounce',
    });
    expect(await subscriber('complainer@example.com')).toMatchObject({
      status: 'suppressed',
      suppressedReason: 'complaint',
    });
    expect((await delivery(first.id, 'hard@example.com')).status).toBe('bounced');
    expect((await delivery(first.id, 'complainer@example.com')).status).toBe('bounced');
    expect((await delivery(first.id, 'keeper@example.com')).status).toBe('sent');
    // A finished send is not stopped by a complaint that comes later.
    const row = await t.app.database.db
      .selectFrom('newsletterSend')
      .select(['status', 'complaints'])
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'done', complaints: 1 });
    // The same report again counts nothing twice.
    expect(
      (await report({ events: [{ type: 'complaint', email: 'complainer@example.com' }] }))
        .statusCode,
    ).toBe(200);
    const again = await t.app.database.db
      .selectFrom('newsletterSend')
      .select('complaints')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(again.complaints).toBe(1);
  });

  it('suppresses on three soft bounces in a row, not two, and not across a delivery taken', async () => {
    const soft = (email: string, sendId: number) => ({ type: 'soft_bounce', email, sendId });
    await report({
      events: [soft('soft-run@example.com', first.id), soft('soft-broken@example.com', first.id)],
    });

    const second = await send('Harbour second');
    // The suppressed addresses are not mailed by the next send.
    expect(second.to).toEqual([
      'keeper@example.com',
      'soft-broken@example.com',
      'soft-run@example.com',
    ]);
    await report({
      events: [soft('soft-run@example.com', second.id), soft('soft-broken@example.com', second.id)],
    });
    expect(await statusOf('soft-run@example.com')).toBe('confirmed');
    expect(await statusOf('soft-broken@example.com')).toBe('confirmed');

    // soft-broken's third message is taken and not returned.
    const third = await send('Harbour third');
    await report({ events: [soft('soft-run@example.com', third.id)] });
    expect(await subscriber('soft-run@example.com')).toMatchObject({
      status: 'suppressed',
      suppressedReason: 'soft_bounce',
    });

    const fourth = await send('Harbour fourth');
    expect(fourth.to).toEqual(['keeper@example.com', 'soft-broken@example.com']);
    await report({ events: [soft('soft-broken@example.com', fourth.id)] });
    expect(await statusOf('soft-broken@example.com')).toBe('confirmed');
    expect((await delivery(fourth.id, 'soft-broken@example.com')).status).toBe('bounced');
  });

  it('mails a suppressed address again once it subscribes again and confirms', async () => {
    const subscribe = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email: 'hard@example.com' },
    });
    expect(subscribe.statusCode).toBe(202);
    const [mail] = await receivedFor('Confirm your subscription to Tribune', 1);
    const token = /\/newsletter\/confirm\?token=([\w-]+)/.exec(mail!.text)![1]!;
    expect(await statusOf('hard@example.com')).toBe('pending');
    const beforeConfirming = await send('Harbour fifth');
    expect(beforeConfirming.to).not.toContain('hard@example.com');

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      payload: { token },
    });
    expect(confirmed.json()).toEqual({ message: newsletterMessages.confirmed });
    const sixth = await send('Harbour sixth');
    expect(sixth.to).toEqual(['hard@example.com', 'keeper@example.com', 'soft-broken@example.com']);
  });

  it('gives up the queued deliveries of an address suppressed meanwhile', async () => {
    smtp.failNext(3);
    const { id } = await queueSend('Harbour delayed');
    await waitFor(async () => (await delivery(id, 'keeper@example.com')).lastError !== null);
    await waitFor(async () => (await delivery(id, 'soft-broken@example.com')).lastError !== null);
    await waitFor(async () => (await delivery(id, 'hard@example.com')).lastError !== null);
    expect((await delivery(id, 'soft-broken@example.com')).status).toBe('queued');

    await report({ events: [{ type: 'hard_bounce', email: 'soft-broken@example.com' }] });
    expect(await delivery(id, 'soft-broken@example.com')).toEqual({
      status: 'failed',
      lastError: 'not sent: the address was suppressed (hard_bounce)',
    });
    clock.advance(retryDelayMs(1));
    const mails = await receivedFor('Harbour delayed', 2);
    expect(recipientsOf(mails)).toEqual(['hard@example.com', 'keeper@example.com']);
  });

  it('stops a send whose complaints pass 0.3% of it, and tells every admin', async () => {
    await subscribed('late-reader@example.com');
    await subscribed('later-reader@example.com');
    // With keeper and hard: of four recipients, the first three messages wait for a retry.
    smtp.failNext(3);
    const { id, recipients } = await send('Harbour stops', { expect: 1 });
    expect(recipients).toBe(4);
    const [taken] = await t.app.database.db
      .selectFrom('newsletterDelivery')
      .innerJoin('newsletterSubscriber', 'newsletterSubscriber.id', 'subscriberId')
      .select('newsletterSubscriber.email')
      .where('sendId', '=', id)
      .where('newsletterDelivery.status', '=', 'sent')
      .execute();

    const res = await report({ events: [{ type: 'complaint', email: taken!.email, sendId: id }] });
    expect(res.json()).toEqual({ applied: 1, ignored: 0 });
    const row = await t.app.database.db
      .selectFrom('newsletterSend')
      .select(['status', 'complaints'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'stopped', complaints: 1 });
    const states = await t.app.database.db
      .selectFrom('newsletterDelivery')
      .select(['status', 'lastError'])
      .where('sendId', '=', id)
      .execute();
    expect(states.map((s) => s.status).sort()).toEqual(['bounced', 'failed', 'failed', 'failed']);
    expect(states.filter((s) => s.status === 'failed').map((s) => s.lastError)).toEqual(
      Array(3).fill('not sent: the send was stopped by its complaints'),
    );

    const notices = await receivedFor('Newsletter stopped: Harbour stops', 2);
    expect(recipientsOf(notices)).toEqual(['chief@tribune.test', 'editor@tribune.test']);
    expect(notices[0]!.text).toContain('1 of its 4 readers marked it as spam');
    expect(notices[0]!.text).toContain('/admin/dashboard');

    // Its retries never come: the next send's messages do, and none of the stopped one's.
    clock.advance(retryDelayMs(1));
    await send('Harbour after');
    expect(smtp.received.filter((mail) => mail.subject === 'Harbour stops')).toHaveLength(1);
    const listed = await t.app.inject({
      url: '/api/newsletter/sends?limit=2',
      headers: { cookie: admin.cookie },
    });
    expect(listed.json()[1]).toMatchObject({
      id,
      status: 'stopped',
      complaints: 1,
      failed: 3,
      bounced: 1,
    });
  });

  it('sends none of the messages a batch in progress had claimed when the send stopped', async () => {
    for (let n = 0; n < 16; n += 1) await subscribed(`crowd-${n}@example.com`);
    // Each message taken 150 ms after it arrives: the batch, claimed whole, goes four at a time.
    smtp.takeAfter(150);
    try {
      const { id, recipients } = await queueSend('Harbour crowds');
      const wentTo = async (statuses: string[]) =>
        (
          await t.app.database.db
            .selectFrom('newsletterDelivery')
            .innerJoin('newsletterSubscriber', 'newsletterSubscriber.id', 'subscriberId')
            .select('newsletterSubscriber.email')
            .where('sendId', '=', id)
            .where('newsletterDelivery.status', 'in', statuses as never[])
            .execute()
        )
          .map((row) => row.email)
          .sort();
      await waitFor(async () => (await wentTo(['sent'])).length > 0);
      const [complainer] = await wentTo(['sent']);
      await report({ events: [{ type: 'complaint', email: complainer, sendId: id }] });
      // Until nothing of it is left queued, and no message has come for five messages' time.
      await waitFor(async () => (await wentTo(['queued'])).length === 0);
      const crowds = () => smtp.received.filter((mail) => mail.subject === 'Harbour crowds');
      for (let seen = -1; seen !== crowds().length;) {
        seen = crowds().length;
        await waitMs(750);
      }

      const mails = crowds();
      expect(mails.length).toBeLessThan(recipients);
      expect(recipientsOf(mails)).toEqual(await wentTo(['sent', 'bounced']));
    } finally {
      smtp.takeAfter(0);
    }
  });
});

async function waitFor(condition: () => Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await condition()) && Date.now() < deadline) await waitMs(20);
}

describe('the complaint threshold', () => {
  it('is passed by more than 0.3% of the recipients, not by 0.3% itself', () => {
    expect(complaintsStopSend(3, 1000)).toBe(false);
    expect(complaintsStopSend(4, 1000)).toBe(true);
    expect(complaintsStopSend(1, 333)).toBe(true);
    expect(complaintsStopSend(0, 0)).toBe(false);
  });
});

describe('without NEWSLETTER_WEBHOOK_SECRET', () => {
  it('has no webhook at all', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/newsletter/events',
        headers: { 'content-type': 'application/json' },
        payload: { events: [{ type: 'hard_bounce', email: 'hard@example.com' }] },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
