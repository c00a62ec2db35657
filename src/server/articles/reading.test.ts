import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainTextToBody } from '#shared/article-body/plain-text';
import { articleTextColumns } from '#shared/excerpt';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createArticle, makePremium } from '#server/test/factories';

/** GET /api/articles/:id/reading: the article page's read, by who is asking. */

let t: TestApp;
let author: TestUser;
let admin: TestUser;
let reader: TestUser;
let subscriber: TestUser;
const secret = 'The fourth sentence is for subscribers.';
const premiumText = `First line here. Second line here! Third line here? ${secret}`;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.database.db;
  author = await signUp(t.app);
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  reader = await signUp(t.app);
  subscriber = await signUp(t.app);
  await makePremium(db, subscriber.user.id);
  ids.free = (await createArticle(db, author.user.id)).id;
  ids.premium = (
    await createArticle(db, author.user.id, { isPremium: true, description: premiumText })
  ).id;
  // Short enough that the free excerpt's three sentences would be all of it.
  ids.short = (
    await createArticle(db, author.user.id, {
      isPremium: true,
      description: 'One. Two! Three?',
    })
  ).id;
  ids.pending = (await createArticle(db, author.user.id, { isApproved: false })).id;
});

afterAll(() => t.close());

const read = (id: number | string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/articles/${id}/reading`,
    headers: cookie ? { cookie } : {},
  });

describe('GET /api/articles/:id/reading', () => {
  it('gives anyone a free article in full', async () => {
    const res = await read(ids.free!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      access: 'full',
      article: { _id: String(ids.free) },
      updatedAt: expect.any(String),
    });
  });

  it("gives guests and free readers a premium article's preview only", async () => {
    for (const cookie of [undefined, reader.cookie]) {
      const res = await read(ids.premium!, cookie);
      expect(res.statusCode).toBe(200);
      const body = res.json<{ access: string; article: { description: string } }>();
      expect(body.access).toBe('preview');
      expect(body.article.description).toBe(
        articleTextColumns(plainTextToBody(premiumText)).premiumExcerpt,
      );
      expect(res.body).not.toContain(secret);
    }
  });

  it('never shows a short premium text whole as its preview', async () => {
    const res = await read(ids.short!);
    expect(res.json<{ article: { description: string } }>().article.description).not.toBe(
      'One. Two! Three?',
    );
    expect(res.body).not.toContain('Three?');
  });

  it('gives subscribers, the author and admins the whole premium text', async () => {
    for (const cookie of [subscriber.cookie, author.cookie, admin.cookie]) {
      const res = await read(ids.premium!, cookie);
      expect(res.json()).toMatchObject({ access: 'full', article: { description: premiumText } });
    }
  });

  it('hides an unpublished article from all but its author and admins', async () => {
    for (const cookie of [undefined, reader.cookie, subscriber.cookie]) {
      const res = await read(ids.pending!, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        error: 'not_found',
        message: 'This article does not exist or is not published.',
      });
    }
    for (const cookie of [author.cookie, admin.cookie]) {
      expect((await read(ids.pending!, cookie)).statusCode).toBe(200);
    }
    expect((await read(999_999)).statusCode).toBe(404);
    expect((await read('abc')).statusCode).toBe(404);
  });
});
