import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleMessages } from '#shared/article-messages';
import { type Article } from '#shared/articles';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createArticle, makePremium } from '#server/test/factories';
import { rateLimits } from '#shared/rules/limits';

let t: TestApp;
let author: TestUser;
let other: TestUser;
let premium: TestUser;
let admin: TestUser;
let free: number;
let locked: number;
let pending: number;
let declined: number;
const secret = 'The fourth sentence is for subscribers.';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.database.db;
  author = await signUp(t.app, { name: 'Author' });
  other = await signUp(t.app);
  premium = await signUp(t.app);
  await makePremium(db, premium.user.id);
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  free = (await createArticle(db, author.user.id, { tags: ['health', 'sports'] })).id;
  locked = (
    await createArticle(db, author.user.id, {
      isPremium: true,
      description: `One. Two. Three. ${secret}`,
    })
  ).id;
  pending = (await createArticle(db, author.user.id, { isApproved: false })).id;
  declined = (
    await createArticle(db, author.user.id, { isApproved: false, adminMessage: 'No sources' })
  ).id;
});
afterAll(() => t.close());

const read = (id: number | string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/articledetail/${id}`,
    headers: cookie ? { cookie } : {},
  });

const view = (id: number | string, remoteAddress = '203.0.113.1') =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/articledetail/${id}`,
    payload: { $inc: { viewCount: 1 } },
    remoteAddress,
  });

/** An article's count once the views this process counted are written (views.ts). */
const viewCount = async (id: number) => {
  await t.app.articleViews.flush(Date.now());
  return (
    await t.app.database.db
      .selectFrom('article')
      .select('viewCount')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).viewCount;
};

const notFound = { error: 'not_found', message: articleMessages.notFound };

describe('GET /api/articledetail/:id', () => {
  it('gives anyone a free published article in full', async () => {
    const res = await read(free);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: String(free),
      tags: ['health', 'sports'],
      isPremium: false,
      isApproved: true,
      author: { name: 'Author', email: author.user.email },
    });
  });

  it('refuses premium text to guests and free users with 403 and no text', async () => {
    for (const cookie of [undefined, other.cookie]) {
      const res = await read(locked, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'forbidden', message: articleMessages.premiumLocked });
      expect(res.body).not.toContain(secret);
      expect(res.body).not.toContain('One.');
    }
  });

  it('gives premium text to premium users, admins and its author', async () => {
    for (const cookie of [premium.cookie, admin.cookie, author.cookie]) {
      const res = await read(locked, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json<Article>().description).toBe(`One. Two. Three. ${secret}`);
    }
  });

  it('hides pending and declined articles except from their author and admins', async () => {
    for (const id of [pending, declined]) {
      for (const cookie of [undefined, other.cookie, premium.cookie]) {
        const res = await read(id, cookie);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(notFound);
      }
      for (const cookie of [author.cookie, admin.cookie]) {
        expect((await read(id, cookie)).statusCode).toBe(200);
      }
    }
    expect((await read(declined, author.cookie)).json()).toMatchObject({
      isApproved: false,
      adminMessage: 'No sources',
    });
  });

  it('answers 404 JSON to unknown and malformed ids', async () => {
    for (const id of [
      'abc',
      '-1',
      '0',
      '1.5',
      '99999999999999999999',
      '2147483648',
      '1e3',
      '0x10',
      '999999',
    ]) {
      const res = await read(id, admin.cookie);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
  });
});

describe('PATCH /api/articledetail/:id', () => {
  it('adds one view for anyone and ignores the body', async () => {
    const before = await viewCount(free);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/articledetail/${free}`,
      payload: { $inc: { viewCount: 1000 }, viewCount: 5000 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect(await viewCount(free)).toBe(before + 1);
  });

  it('counts premium articles too (the page counts before it checks access)', async () => {
    const before = await viewCount(locked);
    expect((await view(locked)).statusCode).toBe(200);
    expect(await viewCount(locked)).toBe(before + 1);
  });

  it('answers 404 for unpublished, unknown and malformed ids and counts nothing', async () => {
    for (const id of [pending, declined]) {
      const res = await view(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
      expect(await viewCount(id)).toBe(0);
    }
    for (const id of ['abc', '-1', '1.5', '99999999999999999999', '999999']) {
      const res = await view(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
  });

  it('loses no view among 200 parallel ones', async () => {
    const { id } = await createArticle(t.app.database.db, author.user.id);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => view(id, `198.51.100.${i % 250}`)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await viewCount(id)).toBe(200);
  });

  it(`counts at most ${rateLimits.articleViews.max} views a minute from one address`, async () => {
    const { id } = await createArticle(t.app.database.db, author.user.id);
    for (let i = 0; i < rateLimits.articleViews.max; i++) {
      expect((await view(id, '192.0.2.7')).statusCode).toBe(200);
    }
    const refused = await view(id, '192.0.2.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'rate_limited' });
    expect(await viewCount(id)).toBe(rateLimits.articleViews.max);
    expect((await view(id, '192.0.2.8')).statusCode).toBe(200);
    expect(await viewCount(id)).toBe(rateLimits.articleViews.max + 1);
  });
});
