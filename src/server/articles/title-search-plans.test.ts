import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '#shared/articles';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createArticle, createPublisher } from '#server/test/factories';

// On SQLite a page of a title search is read one of two ways, by how many titles match
// (queries/title-search.ts, pageFromMatches): walking the newest-first index and checking each
// article against the matches, or reading the matches and sorting them. Page 1 of 540 matches
// walks, page 5 of them reads the matches; a few matches are always read directly. Every page
// must hold what the filters say, in order, with the same total, whichever way it was read.
let t: TestApp;
let admin: TestUser;
const authors: TestUser[] = [];
const publishers: { a: string; b: string } = { a: '', b: '' };

interface Made {
  id: string;
  title: string;
  publisher: 'a' | 'b';
  tags: string[];
  isPremium: boolean;
  isApproved: boolean;
  viewCount: number;
  author: 0 | 1;
}
/** Oldest first; three at a time share a creation time, so the id breaks the tie. */
const made: Made[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.database.db;
  authors.push(await signUp(t.app), await signUp(t.app));
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  const a = await createPublisher(db, { name: 'Alpha Post' });
  const b = await createPublisher(db, { name: 'Beta Times' });
  publishers.a = a.name;
  publishers.b = b.name;

  const titles = [
    ...Array.from({ length: 600 }, (_, i) =>
      i % 7 === 0
        ? `The "Harbour" quay, no. ${i}`
        : `${['Harbour', 'HARBOUR', 'harbour'][i % 3]} report no. ${i}`,
    ),
    ...Array.from({ length: 5 }, (_, i) => `Ferry timetable ${i}`),
    ...Array.from({ length: 20 }, (_, i) => `Market day ${i}`),
  ];
  for (const [i, title] of titles.entries()) {
    const article = {
      title,
      publisher: i % 3 === 0 ? ('a' as const) : ('b' as const),
      tags: i % 4 < 2 ? ['politics'] : ['sports', 'health'],
      isPremium: i % 5 === 0,
      isApproved: i % 10 !== 9,
      viewCount: (i * 37) % 101,
      author: (i % 2) as 0 | 1,
    };
    const { id } = await createArticle(db, authors[article.author]!.user.id, {
      ...article,
      publisherId: article.publisher === 'a' ? a.id : b.id,
      createdAt: new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 3) * 1000).toISOString(),
    });
    made.push({ ...article, id: String(id) });
  }
});
afterAll(() => t.close());

interface Search {
  title: string;
  publisher?: 'a' | 'b';
  tags?: string[];
  isPremium?: boolean;
  sortBy?: 'createdAt' | 'viewCount';
  /** Whose articles: an author listing their own, every status. */
  author?: 0 | 1;
  /** An admin, who sees every status. */
  admin?: boolean;
}

/** The ids the API should answer, in order, worked out here from what was made. */
function expected(search: Search): string[] {
  const text = search.title.toLowerCase();
  const newest = [...made].reverse();
  return newest
    .filter(
      (a) =>
        (search.admin || search.author !== undefined || a.isApproved) &&
        a.title.toLowerCase().includes(text) &&
        (search.publisher === undefined || a.publisher === search.publisher) &&
        (search.tags === undefined || a.tags.some((tag) => search.tags?.includes(tag))) &&
        (search.isPremium === undefined || a.isPremium === search.isPremium) &&
        (search.author === undefined || a.author === search.author),
    )
    .sort((x, y) => (search.sortBy === 'viewCount' ? y.viewCount - x.viewCount : 0))
    .map((a) => a.id);
}

/** Every page of the search, one after the other, and the totals they carried. */
async function everyPage(search: Search, limit: number) {
  const ids: string[] = [];
  const totals = new Set<number>();
  for (let page = 1; ; page += 1) {
    const query = new URLSearchParams({ title: search.title, limit: String(limit) });
    query.set('page', String(page));
    if (search.publisher) query.set('publisher', publishers[search.publisher]);
    if (search.tags) query.set('tags', search.tags.join(','));
    if (search.isPremium !== undefined) query.set('isPremium', String(search.isPremium));
    if (search.sortBy) query.set('sortBy', search.sortBy);
    const author = search.author === undefined ? undefined : authors[search.author]!;
    if (author) query.set('email', author.user.email);
    const cookie = author?.cookie ?? (search.admin ? admin.cookie : undefined);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/articles?${query.toString()}`,
      headers: cookie ? { cookie } : {},
    });
    expect(res.statusCode).toBe(200);
    totals.add(Number(res.headers['x-total-count']));
    const articles = res.json<Article[]>();
    ids.push(...articles.map((a) => a._id));
    if (articles.length < limit) return { ids, totals: [...totals] };
  }
}

async function expectSearch(search: Search, limit = 12) {
  const want = expected(search);
  expect(await everyPage(search, limit), JSON.stringify(search)).toEqual({
    ids: want,
    totals: [want.length],
  });
}

describe('title search, with many matches or few', () => {
  it('pages through hundreds of matches in order, the total on every page', async () => {
    await expectSearch({ title: 'harbour' });
    await expectSearch({ title: 'Harbour Report' }, 50);
    await expectSearch({ title: 'harbour', admin: true }, 20);
  });

  it('sorts many matches and few by views too', async () => {
    await expectSearch({ title: 'harbour', sortBy: 'viewCount' }, 50);
    await expectSearch({ title: 'ferry', sortBy: 'viewCount' });
  });

  it('combines many matches with publisher, tags and premium', async () => {
    await expectSearch({ title: 'harbour', publisher: 'a' }, 20);
    await expectSearch({ title: 'harbour', tags: ['politics'] }, 20);
    await expectSearch({ title: 'harbour', tags: ['health', 'sports'], publisher: 'b' }, 20);
    await expectSearch({ title: 'harbour', isPremium: true }, 20);
    await expectSearch({ title: 'harbour', isPremium: false, tags: ['politics'], admin: true }, 20);
  });

  it('combines few matches, and none, with the same filters', async () => {
    await expectSearch({ title: 'ferry' });
    await expectSearch({ title: 'ferry', publisher: 'b', tags: ['sports'] });
    await expectSearch({ title: 'FERRY TIME', isPremium: false, admin: true });
    await expectSearch({ title: 'no such title', tags: ['politics'], publisher: 'a' });
    expect(expected({ title: 'ferry', publisher: 'b', tags: ['sports'] })).not.toEqual([]);
  });

  it("searches an author's own articles of every status", async () => {
    await expectSearch({ title: 'harbour', author: 1 }, 50);
    await expectSearch({ title: 'ferry', author: 0 });
  });

  it('takes quotes literally and folds case among many matches', async () => {
    await expectSearch({ title: '"harbour" QUAY' });
    await expectSearch({ title: '"' }, 50);
    expect(expected({ title: '"harbour" QUAY' }).length).toBeGreaterThan(50);
  });

  it('answers one and two characters among many matches', async () => {
    await expectSearch({ title: '7' }, 50);
    await expectSearch({ title: 'Rt', tags: ['politics'] }, 50);
  });
});
