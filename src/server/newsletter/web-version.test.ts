import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsletterSendView } from '#shared/api/newsletter-reader';
import { newsletterSendViewMessages } from '#shared/newsletter-reader';
import { createTestApp, type TestApp } from '#server/test/app';
import { premiumBody } from '#server/test/premium-body';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createArticle, createPublisher, makePremium } from '#server/test/factories';
import { queueArticleSend, queueDigest } from './sends.js';

// A send's web version (API.md, "Newsletter"), public, on both engines: what each reader may
// read of a premium article, a digest's openings, and the sends that have none.
let t: TestApp;
let admin: TestUser;
let author: TestUser;
let reader: TestUser;
let premium: TestUser;
let herald: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.database.db;
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  author = await signUp(t.app);
  reader = await signUp(t.app);
  premium = await signUp(t.app);
  await makePremium(db, premium.user.id);
  herald = (await createPublisher(db, { name: 'Harbour Herald' })).id;
});
afterAll(() => t.close());

const view = (id: number | string, cookie?: string) =>
  t.app.inject({ url: `/api/newsletter/sends/${id}`, headers: cookie ? { cookie } : {} });

/** An article by `author`, sent alone by the admin; the send's id. */
async function sentArticle(overrides: Parameters<typeof createArticle>[2] = {}) {
  const db = t.app.database.db;
  const article = await createArticle(db, author.user.id, { publisherId: herald, ...overrides });
  const send = await queueArticleSend(
    db,
    { id: article.id, title: overrides.title ?? 'Sent', publisherId: herald },
    admin.user.id,
    new Date(),
  );
  return { articleId: article.id, sendId: send!.id };
}

const texts = (answer: NewsletterSendView) => JSON.stringify(answer.articles.map((a) => a.body));

describe('a newsletter’s web version', () => {
  it('shows a premium article’s free part to guests and free readers, with no word past it', async () => {
    const { articleId, sendId } = await sentArticle({
      title: 'Pier vote',
      isPremium: true,
      body: premiumBody,
    });
    for (const cookie of [undefined, reader.cookie]) {
      const answer = await view(sendId, cookie);
      expect(answer.statusCode).toBe(200);
      const body = answer.json<NewsletterSendView>();
      expect(body).toMatchObject({
        id: sendId,
        kind: 'article',
        subject: 'Pier vote',
        articles: [
          {
            _id: String(articleId),
            name: 'Pier vote',
            publisher: 'Harbour Herald',
            isPremium: true,
          },
        ],
      });
      expect(body.articles[0]!.fullText).toBe(false);
      expect(texts(body)).toContain('The harbour board met at dawn');
      expect(answer.body).not.toContain('quillifant');
    }
  });

  it('shows the whole premium article to premium readers, admins and its author, privately', async () => {
    const { sendId } = await sentArticle({ isPremium: true, body: premiumBody });
    for (const who of [premium, admin, author]) {
      const answer = await view(sendId, who.cookie);
      expect(answer.statusCode).toBe(200);
      expect(answer.json<NewsletterSendView>().articles[0]!.fullText).toBe(true);
      expect(answer.body).toContain('quillifant');
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('shows a free article whole to anyone', async () => {
    const { sendId } = await sentArticle({ body: premiumBody });
    const answer = await view(sendId);
    expect(answer.json<NewsletterSendView>().articles[0]!.fullText).toBe(true);
    expect(answer.body).toContain('quillifant');
  });

  it('shows a digest’s articles as their openings, whoever reads', async () => {
    const db = t.app.database.db;
    const now = new Date();
    await createArticle(db, author.user.id, {
      title: 'Digest one',
      publisherId: herald,
      body: premiumBody,
      createdAt: new Date(now.getTime() - 60_000).toISOString(),
    });
    await createArticle(db, author.user.id, {
      title: 'Digest two',
      publisherId: herald,
      isPremium: true,
      body: premiumBody,
      createdAt: new Date(now.getTime() - 30_000).toISOString(),
    });
    const digest = await queueDigest(db, '2026-11-28', 'Tribune', now);
    const answer = await view(digest!.id, premium.cookie);
    const body = answer.json<NewsletterSendView>();
    expect(body.kind).toBe('digest');
    expect(body.subject).toMatch(/^Today on Tribune: Digest two and \d+ more$/);
    expect(body.articles.map((a) => a.name)).toEqual(
      expect.arrayContaining(['Digest one', 'Digest two']),
    );
    expect(answer.body).not.toContain('quillifant');
    // The link goes to the whole text for a reader who may read it, to the plans otherwise.
    const two = (answer: NewsletterSendView) =>
      answer.articles.find((a) => a.name === 'Digest two');
    expect(two(body)?.fullText).toBe(true);
    expect(two((await view(digest!.id)).json<NewsletterSendView>())?.fullText).toBe(false);
  });

  it('leaves out an article no longer published, and has no page when none is left', async () => {
    const { articleId, sendId } = await sentArticle();
    await t.app.database.db
      .updateTable('article')
      .set({ isApproved: false })
      .where('id', '=', articleId)
      .execute();
    const answer = await view(sendId, admin.cookie);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({
      error: 'not_found',
      message: newsletterSendViewMessages.notFound,
    });
  });

  it('has no page for a send stopped before any of it went out, and has one once some did', async () => {
    const { sendId } = await sentArticle();
    const db = t.app.database.db;
    await db
      .updateTable('newsletterSend')
      .set({ status: 'stopped' })
      .where('id', '=', sendId)
      .execute();
    expect((await view(sendId)).statusCode).toBe(404);

    const { id: subscriberId } = await db
      .insertInto('newsletterSubscriber')
      .values({
        email: 'held@example.com',
        status: 'confirmed',
        digest: true,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('newsletterDelivery')
      .values({ sendId, subscriberId, status: 'sent', nextAttemptAt: 0, sentAt: Date.now() })
      .execute();
    expect((await view(sendId)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown send and 400 for a number that is none', async () => {
    for (const id of ['999999', '2147483648']) {
      const answer = await view(id);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(newsletterSendViewMessages.notFound);
    }
    for (const id of ['abc', '0', '-1', '1.5', '1e3']) {
      const answer = await view(id);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(`id: ${newsletterSendViewMessages.badId}`);
    }
  });
});
