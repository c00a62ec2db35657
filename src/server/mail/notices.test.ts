import type { FastifyInstance } from 'fastify';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { openDatabase } from '#server/db/database';
import { reminderLeadMs } from '#server/payments/reminders';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createTestClock } from '#server/test/clock';
import {
  createArticle,
  createPublisher,
  recordSavedImages,
  uploadedImageUrl,
} from '#server/test/factories';
import { readOutbox, type OutboxMail } from '#server/test/outbox';
import { confirmPayment, newIntent } from '#server/test/payment-calls';
import { paymentPeers } from '#server/test/payment-peers';
import { withHandlers, xssCorpus, xssText } from '#server/test/xss-corpus';

const clock = createTestClock(new Date('2026-11-21T09:00:00.000Z'));
const hour = 60 * 60_000;
let t: TestApp;
let other: FastifyInstance;
let admin: TestUser;
let outbox: string;

beforeAll(async () => {
  const fast = { mailIntervalMs: 20, reminderIntervalMs: 20 };
  t = await createTestApp(fast, { clock: clock.now });
  // A second server on the same database: its reminder timer runs beside the first one's.
  other = await buildApp(t.config, { database: openDatabase(t.config.database), clock: clock.now });
  await other.ready();
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  outbox = t.config.mail.kind === 'outbox' ? t.config.mail.dir : '';
  await recordSavedImages(t.app.database.db, uploadedImageUrl(7));
});
afterAll(async () => {
  await other.close();
  await t.close();
});

async function mailsTo(user: TestUser): Promise<OutboxMail[]> {
  return (await readOutbox(outbox)).filter(
    (m) => m.to === user.user.email && !m.subject.startsWith('Confirm your email'),
  );
}

/** Waits until `user` has `count` messages, then a little longer to see that no more come. */
async function settledMails(user: TestUser, count: number): Promise<OutboxMail[]> {
  const deadline = Date.now() + 5_000;
  while ((await mailsTo(user)).length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
  return mailsTo(user);
}

const moderate = (id: number, body: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/articles/${id}`,
    headers: { cookie: admin.cookie },
    payload: body,
  });

const setNotices = (user: TestUser, emailNotices: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/users/me/notices',
    headers: { cookie: user.cookie },
    payload: { emailNotices },
  });

describe('notices to authors', () => {
  it('tells the author of an approval, a premium and a decline with its reason, once each', async () => {
    const author = await signUp(t.app, { name: 'Nora <Author>' });
    const pending = { isApproved: false };
    const opening = 'Rain fell on the city all morning and into the night. '.repeat(6);
    const a = await createArticle(t.app.database.db, author.user.id, {
      ...pending,
      title: 'Rain',
      body: {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: opening }] },
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'Umbrellaquake past the free part.' }],
          },
        ],
      },
    });
    const b = await createArticle(t.app.database.db, author.user.id, { ...pending, title: 'Sun' });
    expect((await moderate(a.id, { isApproved: true })).json()).toEqual({ modifiedCount: 1 });
    expect((await moderate(a.id, { isPremium: true })).json()).toEqual({ modifiedCount: 1 });
    // Approving again changes nothing, and says nothing.
    expect((await moderate(a.id, { isApproved: true })).json()).toEqual({ modifiedCount: 0 });
    await moderate(b.id, { adminMessage: 'Needs <b>sources</b> & a second read.' });

    const mails = await settledMails(author, 3);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Your article is premium: Rain',
      'Your article is published: Rain',
      'Your article was declined: Sun',
    ]);
    const declined = mails.find((m) => m.subject.includes('declined'))!;
    expect(declined.text).toContain("The editor's reason: Needs <b>sources</b> & a second read.");
    expect(declined.html).toContain('Needs &lt;b&gt;sources&lt;/b&gt; &amp; a second read.');
    expect(declined.html).toContain('Hello Nora &lt;Author&gt;,');
    const published = mails.find((m) => m.subject.includes('published'))!;
    expect(published.text).toContain(`${t.config.publicUrl}/articles/${a.id}`);
    // The story's opening, never past its free part.
    for (const mail of mails.filter((m) => m.subject.endsWith('Rain'))) {
      expect(mail.text).toContain('It opens: “Rain fell on the city all morning');
      expect(mail.text + mail.html).not.toContain('Umbrellaquake');
    }
  });

  it('mail HTML: names, titles and reasons are the text typed, with no element or handler of theirs', async () => {
    const author = await signUp(t.app, { name: 'Nora' });
    // Longer than the API takes a name: written as a row holds it.
    await t.app.database.db
      .updateTable('user')
      .set({ name: xssText })
      .where('id', '=', author.user.id)
      .execute();
    const article = await createArticle(t.app.database.db, author.user.id, {
      isApproved: false,
      title: xssText,
    });
    const reason = xssCorpus.slice(0, 12).join(' ');
    expect((await moderate(article.id, { adminMessage: reason })).statusCode).toBe(200);

    const [mail] = await settledMails(author, 1);
    const root = parse(mail!.html);
    // Only the template's own elements, none with a handler, every link ours.
    const tags = new Set(root.querySelectorAll('*').map((element) => element.tagName));
    expect([...tags].sort()).toEqual(['A', 'BODY', 'DIV', 'HEAD', 'HTML', 'META', 'P', 'TITLE']);
    expect(withHandlers(root)).toEqual([]);
    for (const link of root.querySelectorAll('a')) {
      expect(new URL(link.getAttribute('href')!).origin).toBe(t.config.publicUrl);
    }
    const paragraphs = root.querySelectorAll('p').map((p) => p.textContent);
    expect(paragraphs).toContain(`Hello ${xssText},`);
    expect(paragraphs).toContain(`An editor declined “${xssText}”.`);
    expect(paragraphs).toContain(`The editor's reason: ${reason}`);
    expect(root.querySelector('title')?.textContent).toBe(mail!.subject);
    expect(mail!.subject).toBe(`Your article was declined: ${xssText}`);
  });

  it('tells the author what became of an edit awaiting review', async () => {
    const db = t.app.database.db;
    const author = await signUp(t.app);
    const publisher = await createPublisher(db);
    const article = await createArticle(db, author.user.id, {
      title: 'Harbour',
      publisherId: publisher.id,
    });
    const submit = async (name: string) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/articles/${article.id}`,
        headers: { cookie: author.cookie },
        payload: {
          name,
          publisher: publisher.name,
          tags: ['politics'],
          description: 'One. Two. Three.',
          image: uploadedImageUrl(7),
        },
      });
      expect(res.json()).toMatchObject({ awaitingReview: true });
      const revision = await t.app.inject({
        url: `/api/articles/${article.id}/revision`,
        headers: { cookie: author.cookie },
      });
      return revision.json<{ _id: string }>()._id;
    };
    const review = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/articles/${article.id}/revision`,
        headers: { cookie: admin.cookie },
        payload: body,
      });
    expect(
      (await review({ revisionId: await submit('Harbour reopens'), isApproved: true })).statusCode,
    ).toBe(200);
    const declined = await review({
      revisionId: await submit('Harbour closes'),
      adminMessage: 'Check the date.',
    });
    expect(declined.statusCode).toBe(200);
    const mails = await settledMails(author, 2);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Your edit is published: Harbour reopens',
      'Your edit was declined: Harbour reopens',
    ]);
    expect(mails.find((m) => m.subject.includes('declined'))?.text).toContain(
      "The editor's reason: Check the date.",
    );
  });

  it('says nothing to an author who turned notices off', async () => {
    const author = await signUp(t.app);
    const off = await setNotices(author, false);
    expect([off.statusCode, off.json<{ emailNotices: boolean }>().emailNotices]).toEqual([
      200,
      false,
    ]);
    const article = await createArticle(t.app.database.db, author.user.id, { isApproved: false });
    expect((await moderate(article.id, { isApproved: true })).statusCode).toBe(200);
    expect(await settledMails(author, 0)).toEqual([]);
  });

  it('refuses a notices setting from a guest or of another shape', async () => {
    const author = await signUp(t.app);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/users/me/notices',
          payload: { emailNotices: false },
        })
      ).statusCode,
    ).toBe(401);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/notices',
      headers: { cookie: author.cookie },
      payload: { emailNotices: 'no', isAdmin: true },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('receipts', () => {
  it('go once for each granted payment, whatever the notice setting, with plan, amount and expiry', async () => {
    const reader = await signUp(t.app);
    await setNotices(reader, false);
    const intent = await newIntent(t, reader, 10);
    const demo = await paymentPeers.find((peer) => peer.name === 'demo')!.start();
    await demo.pay(t, reader, intent);
    // The page confirms twice (a reload): one grant, one receipt.
    expect((await confirmPayment(t, reader, intent.paymentIntentId)).statusCode).toBe(200);
    await confirmPayment(t, reader, intent.paymentIntentId);
    const [receipt, ...more] = await settledMails(reader, 1);
    expect(more).toEqual([]);
    expect(receipt?.subject).toBe('Your Tribune receipt: 5 Days, $10.00');
    expect(receipt?.text).toContain(`Transaction: ${intent.paymentIntentId}.`);
    expect(receipt?.text).toContain('Your premium access now runs until 26 November 2026');
  });
});

describe('premium reminders', () => {
  it('go once, two days before the expiry, from two servers; again for a new expiry; never when turned off', async () => {
    const reader = await signUp(t.app);
    const quiet = await signUp(t.app);
    await setNotices(quiet, false);
    const expiry = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
    const setExpiry = (user: TestUser, at: string) =>
      t.app.database.db
        .updateTable('user')
        .set({ premiumUntil: at })
        .where('id', '=', user.user.id)
        .execute();
    // Three days left: not yet.
    await setExpiry(reader, expiry(3 * 24 * hour));
    await setExpiry(quiet, expiry(3 * 24 * hour));
    expect(await settledMails(reader, 0)).toEqual([]);

    // A day later, two are left: one reminder, though both servers look every 20 ms.
    clock.advance(24 * hour + 1000);
    const [first, ...more] = await settledMails(reader, 1);
    expect(more).toEqual([]);
    expect(first?.subject).toBe('Your Tribune premium access ends soon');
    expect(first?.text).toContain(`${t.config.publicUrl}/subscription`);

    // Bought again: a new expiry five days on; its reminder comes when it is two days off.
    await setExpiry(reader, expiry(5 * 24 * hour));
    expect(await settledMails(reader, 1)).toHaveLength(1);
    clock.advance(5 * 24 * hour - reminderLeadMs + 1000);
    expect(await settledMails(reader, 2)).toHaveLength(2);
    expect(await settledMails(quiet, 0)).toEqual([]);
  });
});
