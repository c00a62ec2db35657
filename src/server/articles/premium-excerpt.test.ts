import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '#shared/articles';
import { plainTextToBody } from '#shared/article-body/plain-text';
import { articleTextColumns } from '#shared/excerpt';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import {
  createArticle,
  createPublisher,
  makePremium,
  recordSavedImages,
  uploadedImageUrl,
} from '#server/test/factories';

let t: TestApp;
let author: TestUser;
let reader: TestUser;
let premium: TestUser;
let admin: TestUser;
let publisher: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  author = await signUp(t.app, { name: 'Author' });
  reader = await signUp(t.app);
  premium = await signUp(t.app);
  await makePremium(t.app.database.db, premium.user.id);
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  publisher = await createPublisher(t.app.database.db, { name: 'The Harbour Herald' });
  await recordSavedImages(t.app.database.db, uploadedImageUrl('premium-edit'));
});
afterAll(() => t.close());

/** What lists show of a premium article with this text: the start of its free part. */
const listExcerpt = (text: string) => articleTextColumns(plainTextToBody(text)).premiumExcerpt;

/** Short premium texts that a three-sentence excerpt used to show whole. */
const shortTexts = {
  three: 'The port reopens on Monday. Ships wait outside. Fishermen are relieved.',
  one: 'The harbour master resigned this morning after twenty years in the post.',
  unpunctuated: 'breaking the harbour master resigned this morning after twenty years',
  oneWord: 'Resigned',
};

const list = async (query: string, cookie?: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/articles${query}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(200);
  return { body: res.body, articles: res.json<Article[]>() };
};

const put = (id: number, payload: object, cookie: string) =>
  t.app.inject({ method: 'PUT', url: `/api/articles/${id}`, payload, headers: { cookie } });

describe('the excerpt lists show of a premium article', () => {
  it('is never its whole text, however short, for any reader', async () => {
    const ids = new Map<number, string>();
    for (const [name, text] of Object.entries(shortTexts)) {
      const { id } = await createArticle(t.app.database.db, author.user.id, {
        title: `Short ${name}`,
        publisherId: publisher.id,
        description: text,
        isPremium: true,
      });
      ids.set(id, text);
    }
    const readers = [undefined, reader.cookie, premium.cookie, admin.cookie, author.cookie];
    const queries = ['?limit=50', '?isPremium=true&limit=50', '?sortBy=viewCount&limit=50'];
    for (const cookie of readers) {
      for (const query of queries) {
        const { body, articles } = await list(query, cookie);
        for (const [id, text] of ids) {
          expect(body).not.toContain(text);
          const listed = articles.find((a) => a._id === String(id));
          expect(listed?.description).toBe(listExcerpt(text));
          expect(listed!.description.length).toBeLessThan(text.length);
        }
      }
    }
    // The author's own list and an admin's list of every status: excerpts too.
    const own = await list(
      `?email=${encodeURIComponent(author.user.email)}&limit=50`,
      author.cookie,
    );
    const everything = await list('?limit=50', admin.cookie);
    for (const text of ids.values()) {
      expect(own.body).not.toContain(text);
      expect(everything.body).not.toContain(text);
    }
  });

  it('replaces the three sentences when an admin makes the article premium', async () => {
    const { id } = await createArticle(t.app.database.db, author.user.id, {
      publisherId: publisher.id,
      description: shortTexts.three,
    });
    const before = await list('?limit=50');
    expect(before.articles.find((a) => a._id === String(id))?.description).toBe(shortTexts.three);

    expect((await put(id, { isPremium: true }, admin.cookie)).json()).toEqual({ modifiedCount: 1 });
    // The public list kept from before is forgotten: guests get the premium excerpt at once.
    const after = await list('?limit=50');
    expect(after.body).not.toContain(shortTexts.three);
    expect(after.articles.find((a) => a._id === String(id))?.description).toBe('The port reopens…');
  });

  it('follows the text when a premium article is edited', async () => {
    const { id } = await createArticle(t.app.database.db, author.user.id, {
      publisherId: publisher.id,
      description: 'One. Two. Three. Four. Five. Six.',
      isPremium: true,
      image: uploadedImageUrl('premium-edit'),
    });
    const res = await put(
      id,
      {
        name: 'Edited',
        publisher: publisher.name,
        tags: ['politics'],
        description: shortTexts.unpunctuated,
        image: uploadedImageUrl('premium-edit'),
      },
      admin.cookie,
    );
    expect(res.json()).toEqual({ modifiedCount: 1 });
    const row = await t.app.database.db
      .selectFrom('article')
      .select(['excerpt', 'premiumExcerpt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      excerpt: shortTexts.unpunctuated,
      premiumExcerpt: 'breaking the harbour…',
    });
    const { body } = await list('?limit=50');
    expect(body).not.toContain(shortTexts.unpunctuated);
  });

  it('leaves the full text to entitled readers on the detail page', async () => {
    const { id } = await createArticle(t.app.database.db, author.user.id, {
      publisherId: publisher.id,
      description: shortTexts.one,
      isPremium: true,
    });
    const detail = (cookie?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/articledetail/${id}`,
        headers: cookie ? { cookie } : {},
      });
    for (const cookie of [undefined, reader.cookie]) {
      const res = await detail(cookie);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(shortTexts.one);
    }
    for (const cookie of [premium.cookie, admin.cookie, author.cookie]) {
      expect((await detail(cookie)).json<Article>().description).toBe(shortTexts.one);
    }
  });
});
