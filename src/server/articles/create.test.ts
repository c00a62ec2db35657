import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleMessages } from '#shared/article-messages';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import {
  createPublisher,
  makePremium,
  recordSavedImages,
  uploadedImageUrl,
} from '#server/test/factories';
import { articleInputMessages } from './messages.js';

let t: TestApp;
let publisher: string;

beforeAll(async () => {
  t = await createTestApp();
  publisher = (await createPublisher(t.app.database.db, { name: 'The Harbour Herald' })).name;
  await recordSavedImages(t.app.database.db, uploadedImageUrl(1));
});
afterAll(() => t.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Harbour reopens',
  publisher,
  tags: ['business', 'politics'],
  description: 'One. Two! Three? Four is for subscribers.',
  image: uploadedImageUrl(1),
  ...overrides,
});

const post = (payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/articles',
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });

const stored = (id: string) =>
  t.app.database.db
    .selectFrom('article')
    .selectAll()
    .where('id', '=', Number(id))
    .executeTakeFirstOrThrow();

const publishedArticles = async (user: TestUser) =>
  (
    await t.app.database.db
      .selectFrom('user')
      .select('publishedArticles')
      .where('id', '=', user.user.id)
      .executeTakeFirstOrThrow()
  ).publishedArticles;

describe('POST /api/articles', () => {
  it('refuses a guest with 401 and stores nothing', async () => {
    const res = await post(body());
    expect(res.statusCode).toBe(401);
    const count = await t.app.database.db
      .selectFrom('article')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('creates a pending article by the caller, ignoring forged fields', async () => {
    const author = await signUp(t.app, { name: 'Alice' });
    const res = await post(
      body({
        publisher: 'the HARBOUR herald',
        isApproved: true,
        isPremium: true,
        viewCount: 999,
        adminMessage: 'forged',
        createdAt: '2001-01-01T00:00:00.000Z',
        author: { name: 'Mallory', photo: null, email: 'mallory@example.com' },
        userEmail: 'mallory@example.com',
        authorId: 'someone-else',
      }),
      author.cookie,
    );
    expect(res.statusCode).toBe(201);
    const { insertedId } = res.json<{ insertedId: string }>();
    expect(insertedId).toMatch(/^[1-9][0-9]*$/);

    const row = await stored(insertedId);
    expect(row).toMatchObject({
      title: 'Harbour reopens',
      image: uploadedImageUrl(1),
      description: 'One. Two! Three? Four is for subscribers.',
      excerpt: 'One. Two! Three?',
      premiumExcerpt: 'One. Two…',
      viewCount: 0,
      adminMessage: null,
      authorId: author.user.id,
    });
    expect(Boolean(row.isApproved)).toBe(false);
    expect(Boolean(row.isPremium)).toBe(false);
    expect(Date.now() - new Date(row.createdAt).getTime()).toBeLessThan(60_000);
    const tags = await t.app.database.db
      .selectFrom('articleTag')
      .select('tag')
      .where('articleId', '=', Number(insertedId))
      .orderBy('tag')
      .execute();
    expect(tags.map((r) => r.tag)).toEqual(['business', 'politics']);
    expect(await publishedArticles(author)).toBe(1);

    // The author sees it, pending, with the server's values.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/articledetail/${insertedId}`,
      headers: { cookie: author.cookie },
    });
    expect(detail.json()).toMatchObject({
      _id: insertedId,
      publisher: 'The Harbour Herald',
      isApproved: false,
      isPremium: false,
      viewCount: 0,
      adminMessage: null,
      author: { name: 'Alice', photo: '/uploads/test-photo.webp', email: author.user.email },
      userEmail: author.user.email,
    });
  });

  it("refuses a free user's second post with the spec's message", async () => {
    const author = await signUp(t.app);
    expect((await post(body(), author.cookie)).statusCode).toBe(201);
    const second = await post(body({ name: 'Another' }), author.cookie);
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({ error: 'forbidden', message: articleMessages.postingLimit });
    expect(await publishedArticles(author)).toBe(1);
  });

  it('lets premium users and admins post without limit', async () => {
    const premium = await signUp(t.app);
    await makePremium(t.app.database.db, premium.user.id);
    const admin = await signUp(t.app);
    await makeAdmin(t.app, admin.user.id);
    for (const user of [premium, admin]) {
      for (let i = 0; i < 3; i++) {
        expect((await post(body({ name: `Post ${i}` }), user.cookie)).statusCode).toBe(201);
      }
      expect(await publishedArticles(user)).toBe(3);
    }
  });

  it('creates exactly one article from parallel posts by a free user', async () => {
    const author = await signUp(t.app);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(body({ name: `Race ${i}` }), author.cookie)),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(403)]);
    const rows = await t.app.database.db
      .selectFrom('article')
      .select('id')
      .where('authorId', '=', author.user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await publishedArticles(author)).toBe(1);
  });

  it('refuses a publisher that does not exist, and counts nothing', async () => {
    const author = await signUp(t.app);
    const res = await post(body({ publisher: 'Nobody’s Gazette' }), author.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: articleInputMessages.unknownPublisher,
    });
    expect(await publishedArticles(author)).toBe(0);
  });

  it('refuses an image our store did not produce', async () => {
    const author = await signUp(t.app);
    for (const image of [
      'https://evil.example/tracker.webp',
      '/uploads/../../etc/passwd',
      'javascript:alert(1)',
      // Shaped like one of ours, but never uploaded here.
      uploadedImageUrl('deadbeef'),
    ]) {
      const res = await post(body({ image }), author.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'bad_request',
        message: articleInputMessages.foreignImage,
      });
    }
    expect(await publishedArticles(author)).toBe(0);
  });

  it('checks every field the form requires', async () => {
    const author = await signUp(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, 'Title is required'],
      [{ tags: [] }, 'Tags are required'],
      [{ tags: ['gossip'] }, 'Tags must be among'],
      [{ description: '' }, 'Description is required'],
      [{ image: '' }, 'Image is required'],
    ];
    for (const [overrides, message] of cases) {
      const res = await post(body(overrides), author.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    expect(await publishedArticles(author)).toBe(0);
  });

  it('stores a <script> title as plain text and answers it unchanged', async () => {
    const author = await signUp(t.app);
    const title = '<script>alert("x")</script> & <b>bold</b>';
    const res = await post(body({ name: title }), author.cookie);
    expect(res.statusCode).toBe(201);
    const { insertedId } = res.json<{ insertedId: string }>();
    expect((await stored(insertedId)).title).toBe(title);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/articledetail/${insertedId}`,
      headers: { cookie: author.cookie },
    });
    expect(detail.headers['content-type']).toContain('application/json');
    expect(detail.json<{ name: string }>().name).toBe(title);
  });
});
