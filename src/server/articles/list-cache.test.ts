import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Article } from '../../shared/articles.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { makeAdmin, signUp, type TestUser } from '../test/auth.js';
import { createArticle, createPublisher } from '../test/factories.js';

// List answers and totals are read once and reused for a few seconds (queries/list-cache.ts);
// every write through the API must show in the next answer all the same, and a write the cache
// did not see (another server process's) within the lifetime.
let t: TestApp;
let author: TestUser;
let admin: TestUser;
let publisherId: number;

beforeAll(async () => {
  t = await createTestApp();
  author = await signUp(t.app);
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  publisherId = (await createPublisher(t.app.database.db)).id;
  for (let i = 0; i < 3; i += 1) {
    await createArticle(t.app.database.db, author.user.id, { publisherId });
  }
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function total(query = ''): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/articles?limit=1${query}` });
  expect(res.statusCode).toBe(200);
  return Number(res.headers['x-total-count']);
}

async function act(method: 'PUT' | 'DELETE', id: number, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `/api/articles/${id}`,
    headers: { cookie: admin.cookie },
    payload,
  });
  expect(res.statusCode).toBe(200);
}

describe('list totals', () => {
  it('follow approvals and deletions at once', async () => {
    const pending = await createArticle(t.app.database.db, author.user.id, {
      publisherId,
      isApproved: false,
      tags: ['sports'],
    });
    expect(await total()).toBe(3);
    expect(await total('&tags=sports')).toBe(0);

    await act('PUT', pending.id, { isApproved: true });
    expect(await total()).toBe(4);
    expect(await total('&tags=sports')).toBe(1);

    await act('DELETE', pending.id);
    expect(await total()).toBe(3);
    expect(await total('&tags=sports')).toBe(0);
  });

  it('are counted apart for each search', async () => {
    expect(await total('&title=Test')).toBe(3);
    expect(await total('&title=no such title')).toBe(0);
    expect(await total()).toBe(3);
  });
});

describe('list pages', () => {
  async function page(query = ''): Promise<Article[]> {
    const res = await t.app.inject({ method: 'GET', url: `/api/articles?limit=50${query}` });
    expect(res.statusCode).toBe(200);
    return res.json<Article[]>();
  }
  const titles = async (query = '') => (await page(query)).map((a) => a.name);

  it('follow approvals, edits, deletions and authors’ profiles at once', async () => {
    const pending = await createArticle(t.app.database.db, author.user.id, {
      publisherId,
      isApproved: false,
      title: 'Harbour reopens',
    });
    expect(await titles()).not.toContain('Harbour reopens');

    await act('PUT', pending.id, { isApproved: true });
    expect(await titles()).toContain('Harbour reopens');

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${pending.id}`,
      headers: { cookie: admin.cookie },
      payload: {
        ...(await page()).find((a) => a._id === String(pending.id)),
        name: 'Harbour shut',
      },
    });
    expect(edited.json()).toEqual({ modifiedCount: 1 });
    expect(await titles()).toContain('Harbour shut');

    const form = new FormData();
    form.set('name', 'Renamed Author');
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { cookie: author.cookie },
      payload: form,
    });
    expect(renamed.statusCode).toBe(200);
    expect((await page()).map((a) => a.author.name)).toContain('Renamed Author');

    await act('DELETE', pending.id);
    expect(await titles()).not.toContain('Harbour shut');
  });

  it('show a write the cache did not see within thirty seconds, its total within five minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect(await titles('&tags=health')).toEqual([]);
    // Written straight to the database, as another server process would.
    await createArticle(t.app.database.db, author.user.id, {
      publisherId,
      title: 'Clinic hours',
      tags: ['health'],
    });
    expect(await titles('&tags=health')).toEqual([]);
    vi.advanceTimersByTime(30_001);
    expect(await titles('&tags=health')).toEqual(['Clinic hours']);
    // The total only feeds the pager; it is counted again within five minutes.
    vi.advanceTimersByTime(270_000);
    expect(await total('&tags=health')).toBe(1);
  });

  it('answer a stale page while one read replaces it, never past thirty seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    // Fresh for the shortest part of the lifetime: half of it.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect(await titles('&tags=education')).toEqual([]);
    await createArticle(t.app.database.db, author.user.id, {
      publisherId,
      title: 'School term dates',
      tags: ['education'],
    });
    vi.advanceTimersByTime(14_900);
    expect(await titles('&tags=education')).toEqual([]);

    // Past its fresh time, the page is still answered, and read again meanwhile.
    vi.advanceTimersByTime(200);
    expect(await titles('&tags=education')).toEqual([]);
    await vi.waitFor(async () => {
      expect(await titles('&tags=education')).toEqual(['School term dates']);
    });
  });

  it('are not kept for an author’s own list or an admin’s lists of every status', async () => {
    const mine = async (cookie: string, query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/articles?limit=50${query}`,
        headers: { cookie },
      });
      return res.json<Article[]>().map((a) => a.name);
    };
    const byAuthor = `&email=${encodeURIComponent(author.user.email)}`;
    expect(await mine(author.cookie, byAuthor)).not.toContain('Fresh draft');
    expect(await mine(admin.cookie, '')).not.toContain('Fresh draft');
    // Written straight to the database, as another server process would.
    await createArticle(t.app.database.db, author.user.id, {
      publisherId,
      title: 'Fresh draft',
      isApproved: false,
    });
    expect(await mine(author.cookie, byAuthor)).toContain('Fresh draft');
    expect(await mine(admin.cookie, '')).toContain('Fresh draft');
  });
});
