import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { plainTextToBody } from '#shared/article-body/plain-text';
import { articleMessages } from '#shared/article-messages';
import { type Article } from '#shared/articles';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import {
  createArticle,
  createPublisher,
  makePremium,
  recordSavedImages,
  uploadedImageUrl,
} from '#server/test/factories';
import { articleInputMessages } from './messages.js';

let t: TestApp;
let author: TestUser;
let other: TestUser;
let premium: TestUser;
let admin: TestUser;
let herald: { id: number; name: string };
let times: { id: number; name: string };
let article: Awaited<ReturnType<typeof createArticle>>;

beforeAll(async () => {
  t = await createTestApp();
  author = await signUp(t.app, { name: 'Author' });
  other = await signUp(t.app);
  premium = await signUp(t.app);
  await makePremium(t.app.database.db, premium.user.id);
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  herald = await createPublisher(t.app.database.db, { name: 'The Harbour Herald' });
  times = await createPublisher(t.app.database.db, { name: 'Valley Times' });
  await recordSavedImages(t.app.database.db, uploadedImageUrl('1'), uploadedImageUrl('2'));
});
afterAll(() => t.close());

beforeEach(async () => {
  article = await createArticle(t.app.database.db, author.user.id, {
    title: 'Original title',
    publisherId: herald.id,
    tags: ['politics', 'health'],
    description: 'Original one. Original two. Original three. Original four.',
    image: uploadedImageUrl('1'),
    isPremium: true,
    // Not yet approved: the author's edits go in place (approved ones wait: revisions.test.ts).
    isApproved: false,
    viewCount: 42,
    createdAt: '2024-05-01T10:00:00.000Z',
  });
});

const read = async (id: number) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/articledetail/${id}`,
      headers: { cookie: admin.cookie },
    })
  ).json<Article>();

/** What the spec's client sends: the content, and the rest of the article unchanged. */
const clientBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Original title',
  publisher: 'The Harbour Herald',
  tags: ['health', 'politics'],
  description: 'Original one. Original two. Original three. Original four.',
  image: uploadedImageUrl('1'),
  isPremium: true,
  viewCount: 42,
  isApproved: true,
  createdAt: '2024-05-01T10:00:00.000Z',
  author: { name: 'Author', photo: null, email: 'author@example.com' },
  userEmail: 'author@example.com',
  ...overrides,
});

const put = (id: number | string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/articles/${id}`,
    payload,
    headers: cookie ? { cookie } : {},
  });

const remove = (id: number | string, cookie?: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/articles/${id}`, headers: cookie ? { cookie } : {} });

const notFound = { error: 'not_found', message: articleMessages.notFound };

describe('PUT /api/articles/:id', () => {
  it('changes the content for the author and keeps everything else', async () => {
    const before = await read(article.id);
    const res = await put(
      article.id,
      clientBody({
        name: 'New title',
        publisher: 'valley times',
        tags: ['sports'],
        description: 'New one. New two. New three. New four.',
        image: uploadedImageUrl('2'),
        // Forged: kept as they are.
        isPremium: false,
        isApproved: false,
        viewCount: 0,
        createdAt: '2000-01-01T00:00:00.000Z',
        adminMessage: 'forged',
        author: { name: 'Mallory', photo: null, email: 'mallory@example.com' },
        authorId: other.user.id,
      }),
      author.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect(await read(article.id)).toEqual({
      ...before,
      name: 'New title',
      publisher: 'Valley Times',
      tags: ['sports'],
      description: 'New one. New two. New three. New four.',
      body: plainTextToBody('New one. New two. New three. New four.'),
      image: uploadedImageUrl('2'),
      imageSrcset: `${uploadedImageUrl('2')} 640w`,
    });
    const row = await t.app.database.db
      .selectFrom('article')
      .select(['excerpt', 'publisherId', 'authorId'])
      .where('id', '=', article.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      excerpt: 'New one. New two. New three.',
      publisherId: times.id,
      authorId: author.user.id,
    });
  });

  it('answers modifiedCount 0 when nothing changed (tags in any order)', async () => {
    const res = await put(article.id, clientBody(), author.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 0 });
  });

  it("refuses someone else's article and changes nothing: 404 while it is unpublished", async () => {
    // Pending or declined, it exists only for its author and the admins: to anyone else it
    // answers as an id no article has, so no one learns which ids wait for review.
    for (const adminMessage of [null, 'Declined: no sources']) {
      await t.app.database.db
        .updateTable('article')
        .set({ adminMessage })
        .where('id', '=', article.id)
        .execute();
      const before = await read(article.id);
      for (const cookie of [other.cookie, premium.cookie]) {
        const res = await put(article.id, clientBody({ name: 'Hijacked' }), cookie);
        expect([res.statusCode, res.json()]).toEqual([404, notFound]);
      }
      expect(await read(article.id)).toEqual(before);
    }
    await t.app.database.db
      .updateTable('article')
      .set({ isApproved: true })
      .where('id', '=', article.id)
      .execute();
    const before = await read(article.id);
    for (const cookie of [other.cookie, premium.cookie]) {
      const res = await put(article.id, clientBody({ name: 'Hijacked' }), cookie);
      expect([res.statusCode, res.json()]).toEqual([
        403,
        { error: 'forbidden', message: 'You may only change your own articles' },
      ]);
    }
    expect(await read(article.id)).toEqual(before);
  });

  it('refuses a guest with 401', async () => {
    expect((await put(article.id, clientBody({ name: 'Guest' }))).statusCode).toBe(401);
    expect((await read(article.id)).name).toBe('Original title');
  });

  it("lets an admin edit someone else's content, keeping its author", async () => {
    const res = await put(article.id, clientBody({ name: 'Edited by the desk' }), admin.cookie);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect(await read(article.id)).toMatchObject({
      name: 'Edited by the desk',
      author: { name: 'Author', email: author.user.email },
    });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['999999', 'abc', '-1', '1.5', '99999999999999999999']) {
      const res = await put(id, clientBody(), author.cookie);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
  });

  it('refuses a foreign image and an unknown publisher', async () => {
    for (const foreign of ['https://evil.example/x.webp', uploadedImageUrl('deadbeef')]) {
      const image = await put(article.id, clientBody({ image: foreign }), author.cookie);
      expect(image.statusCode, foreign).toBe(400);
      expect(image.json()).toEqual({
        error: 'bad_request',
        message: articleInputMessages.foreignImage,
      });
    }
    const publisher = await put(article.id, clientBody({ publisher: 'Nobody' }), author.cookie);
    expect(publisher.statusCode).toBe(400);
    expect(publisher.json()).toEqual({
      error: 'bad_request',
      message: articleInputMessages.unknownPublisher,
    });
    expect((await read(article.id)).image).toBe(uploadedImageUrl('1'));
  });

  it('keeps an image the article already had, even from elsewhere', async () => {
    const legacy = await createArticle(t.app.database.db, author.user.id, {
      publisherId: herald.id,
      image: 'https://images.example/legacy.jpg',
      isApproved: false,
    });
    const res = await put(
      legacy.id,
      clientBody({ name: 'Retitled', image: 'https://images.example/legacy.jpg' }),
      author.cookie,
    );
    expect(res.json()).toEqual({ modifiedCount: 1 });
  });

  it('validates the content like a new article', async () => {
    const res = await put(article.id, clientBody({ tags: [] }), author.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', message: 'tags: Tags are required' });
  });
});

describe('DELETE /api/articles/:id', () => {
  it("refuses a guest and someone else's article, and deletes nothing", async () => {
    expect((await remove(article.id)).statusCode).toBe(401);
    // Unpublished: as if there were no such article. Published: not theirs to delete.
    for (const cookie of [other.cookie, premium.cookie]) {
      const res = await remove(article.id, cookie);
      expect([res.statusCode, res.json()]).toEqual([404, notFound]);
    }
    await t.app.database.db
      .updateTable('article')
      .set({ isApproved: true })
      .where('id', '=', article.id)
      .execute();
    for (const cookie of [other.cookie, premium.cookie]) {
      const res = await remove(article.id, cookie);
      expect([res.statusCode, res.json()]).toEqual([
        403,
        { error: 'forbidden', message: 'You may only delete your own articles' },
      ]);
    }
    expect((await read(article.id))._id).toBe(String(article.id));
  });

  it('deletes for the author, with its tags, and gives no free post back', async () => {
    await t.app.database.db
      .updateTable('user')
      .set({ publishedArticles: 1 })
      .where('id', '=', author.user.id)
      .execute();
    const res = await remove(article.id, author.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/articledetail/${article.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(gone.statusCode).toBe(404);
    const tags = await t.app.database.db
      .selectFrom('articleTag')
      .select('tag')
      .where('articleId', '=', article.id)
      .execute();
    expect(tags).toEqual([]);
    const user = await t.app.database.db
      .selectFrom('user')
      .select('publishedArticles')
      .where('id', '=', author.user.id)
      .executeTakeFirstOrThrow();
    expect(user.publishedArticles).toBe(1);
    expect((await remove(article.id, author.cookie)).statusCode).toBe(404);
  });

  it("lets an admin delete anyone's article", async () => {
    const res = await remove(article.id, admin.cookie);
    expect(res.json()).toEqual({ deletedCount: 1 });
  });

  it('answers 404 JSON for unknown and malformed ids', async () => {
    for (const id of ['999999', 'abc', '-1', '1.5', '99999999999999999999']) {
      const res = await remove(id, admin.cookie);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
  });
});
