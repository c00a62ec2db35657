import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterLinkMessages, newsletterSendMessages } from '#shared/newsletter-messages';
import type { TestApp } from '#server/test/app';
import { premiumBody } from '#server/test/premium-body';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createTestClock } from '#server/test/clock';
import { createArticle, createPublisher, makePremium } from '#server/test/factories';
import { startMailingSite, type MailingSite } from '#server/test/mailing-site';
import type { ReceivedMail, SmtpPeer } from '#server/test/smtp-peer';
import { retryDelayMs } from './deliveries.js';
import { confirmSubscription, requestSubscription } from './subscribers.js';

// An admin's "Send as newsletter", delivered to a real local SMTP server (smtp-server), on both
// engines: who receives it, what each reader may read, RFC 8058's headers, retries.
const clock = createTestClock(new Date('2026-11-28T09:00:00.000Z'));
let site: MailingSite;
let smtp: SmtpPeer;
let t: TestApp;
let admin: TestUser;
let reader: TestUser;
let herald: number;
let voice: number;

beforeAll(async () => {
  site = await startMailingSite(clock);
  ({ t, smtp } = site);
  const db = t.app.database.db;
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  reader = await signUp(t.app, { email: 'premium@example.com' });
  await makePremium(db, reader.user.id);
  herald = (await createPublisher(db, { name: 'Harbour Herald' })).id;
  voice = (await createPublisher(db, { name: 'Valley Voice' })).id;
  // Digest readers, a follower of each publisher, and addresses that must get nothing.
  await subscribed('digest@example.com', [], true);
  await subscribed('premium@example.com', [], true);
  await subscribed('herald-fan@example.com', [herald], false);
  await subscribed('voice-fan@example.com', [voice], false);
  await requestSubscription(db, 'pending@example.com', [], clock.now());
  await subscribed('gone@example.com', [], true, 'unsubscribed');
});
afterAll(() => site.close());

async function subscribed(
  email: string,
  publisherIds: number[],
  digest: boolean,
  status: 'confirmed' | 'unsubscribed' = 'confirmed',
) {
  const db = t.app.database.db;
  const outcome = await requestSubscription(db, email, publisherIds, clock.now());
  if (outcome.kind === 'confirm') await confirmSubscription(db, outcome.token, clock.now());
  await db
    .updateTable('newsletterSubscriber')
    .set({ digest, status })
    .where('email', '=', email)
    .execute();
}

const post = (payload: unknown, cookie = admin.cookie) =>
  t.app.inject({
    method: 'POST',
    url: '/api/newsletter/sends',
    headers: { cookie },
    payload: payload as object,
  });

async function receivedFor(subject: string, count: number): Promise<ReceivedMail[]> {
  const deadline = Date.now() + 10_000;
  const mine = () => smtp.received.filter((mail) => mail.subject === subject);
  while (mine().length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // A little longer, to see that no more come.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return mine();
}

const deliveryStates = async (sendId: number) =>
  (
    await t.app.database.db
      .selectFrom('newsletterDelivery')
      .select('status')
      .where('sendId', '=', sendId)
      .execute()
  ).map((row) => row.status);

describe('sending an article as a newsletter', () => {
  it('goes once to each confirmed reader of the digest or its publisher, saying how many', async () => {
    const db = t.app.database.db;
    const article = await createArticle(db, admin.user.id, {
      title: 'Pier vote tonight',
      publisherId: herald,
    });
    const preview = await t.app.inject({
      url: `/api/newsletter/sends/recipients?articleId=${article.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(preview.json()).toEqual({ recipients: 3 });

    const res = await post({ articleId: article.id });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ id: expect.any(Number), recipients: 3 });
    const mails = await receivedFor('Pier vote tonight', 3);
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual([
      'digest@example.com',
      'herald-fan@example.com',
      'premium@example.com',
    ]);
    expect(await deliveryStates(res.json<{ id: number }>().id)).toEqual(['sent', 'sent', 'sent']);
    const send = await db
      .selectFrom('newsletterSend')
      .select(['status', 'recipients'])
      .where('id', '=', res.json<{ id: number }>().id)
      .executeTakeFirstOrThrow();
    expect(send).toEqual({ status: 'done', recipients: 3 });

    const again = await post({ articleId: article.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: newsletterSendMessages.alreadySent });
  });

  it('carries RFC 8058’s headers, whose one-click address unsubscribes that reader', async () => {
    const article = await createArticle(t.app.database.db, admin.user.id, {
      title: 'Voice of the valley',
      publisherId: voice,
    });
    expect((await post({ articleId: article.id })).statusCode).toBe(202);
    const [mail] = await receivedFor('Voice of the valley', 3).then((all) =>
      all.filter((m) => m.to.includes('voice-fan@example.com')),
    );
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const [https, mailto] = mail!.headers['list-unsubscribe']!.split(/,\s*/);
    expect(mailto).toMatch(/^<mailto:news@tribune\.test\?subject=unsubscribe%20\d+\.[\w-]+>$/);
    const oneClick = new URL(https!.slice(1, -1));
    expect(oneClick.origin).toBe(t.config.publicUrl);
    expect(mail!.text).toContain('/newsletter/unsubscribe?token=');

    const res = await t.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.json()).toEqual({ message: newsletterLinkMessages.unsubscribed });
    const row = await t.app.database.db
      .selectFrom('newsletterSubscriber')
      .select('status')
      .where('email', '=', 'voice-fan@example.com')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('unsubscribed');
  });

  it('sends a premium article whole to premium readers, and its free part to the others', async () => {
    const article = await createArticle(t.app.database.db, admin.user.id, {
      title: 'Pier vote result',
      publisherId: herald,
      body: premiumBody,
      isPremium: true,
    });
    expect((await post({ articleId: article.id })).statusCode).toBe(202);
    const mails = await receivedFor('Pier vote result', 3);
    const to = (email: string) => mails.find((mail) => mail.to.includes(email))!;
    expect(to('premium@example.com').text).toContain('quillifant');
    for (const email of ['digest@example.com', 'herald-fan@example.com']) {
      expect(to(email).text).toContain('The harbour board met at dawn');
      expect(to(email).text + to(email).html).not.toContain('quillifant');
      expect(to(email).text).toContain('The rest is for subscribers');
    }
  });

  it('tries a temporary failure again later, and gives up on a refused mailbox', async () => {
    const article = await createArticle(t.app.database.db, admin.user.id, {
      title: 'Storm on the pier',
      publisherId: herald,
    });
    smtp.failNext(1);
    smtp.refuseNext(0);
    const res = await post({ articleId: article.id });
    const sendId = res.json<{ id: number }>().id;
    expect((await receivedFor('Storm on the pier', 2)).length).toBe(2);
    expect((await deliveryStates(sendId)).sort()).toEqual(['queued', 'sent', 'sent']);

    clock.advance(retryDelayMs(1));
    expect((await receivedFor('Storm on the pier', 3)).length).toBe(3);
    expect(await deliveryStates(sendId)).toEqual(['sent', 'sent', 'sent']);

    const refused = await createArticle(t.app.database.db, admin.user.id, {
      title: 'Nobody home',
      publisherId: herald,
    });
    smtp.refuseNext(1);
    const second = await post({ articleId: refused.id });
    expect((await receivedFor('Nobody home', 2)).length).toBe(2);
    expect((await deliveryStates(second.json<{ id: number }>().id)).sort()).toEqual([
      'failed',
      'sent',
      'sent',
    ]);
  });

  it('is for admins alone, of a published article, asked for in the right shape', async () => {
    const db = t.app.database.db;
    const pending = await createArticle(db, admin.user.id, { isApproved: false });
    const published = await createArticle(db, admin.user.id);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/sends',
      payload: { articleId: published.id },
    });
    expect(guest.statusCode).toBe(401);
    expect((await post({ articleId: published.id }, reader.cookie)).statusCode).toBe(403);
    const previewByReader = await t.app.inject({
      url: `/api/newsletter/sends/recipients?articleId=${published.id}`,
      headers: { cookie: reader.cookie },
    });
    expect(previewByReader.statusCode).toBe(403);
    const notPublished = await post({ articleId: pending.id });
    expect(notPublished.statusCode).toBe(400);
    expect(notPublished.json()).toMatchObject({ message: newsletterSendMessages.notPublished });
    expect((await post({ articleId: 999_999 })).statusCode).toBe(404);
    for (const bad of [{}, { articleId: 'x' }, { articleId: -1 }, { articleId: 1.5 }]) {
      expect((await post(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const sends = await db
      .selectFrom('newsletterSend')
      .select('articleId')
      .where('articleId', 'in', [pending.id, published.id])
      .execute();
    expect(sends).toEqual([]);
  });
});
