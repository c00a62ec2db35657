import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Article } from '#shared/articles';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { testDialect } from '#server/test/database';
import { createArticle, createPublisher } from '#server/test/factories';

// List answers and totals are read once and reused for a few seconds (cache/kept-reads.ts);
// every write must show in the next answer all the same, and a change no notice announces
// (view counts) within the lifetime.
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

  /** Counts a view and writes it at once, where the app writes its views once a second. */
  async function view(id: number) {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/articledetail/${id}` });
    expect(res.statusCode).toBe(200);
    await t.app.articleViews.flush(Date.now());
  }
  /** The view counts a list shows: views announce nothing (migration 011), so they lag. */
  const viewCounts = async (query: string) => (await page(query)).map((a) => a.viewCount);
  /**
   * Waits for the notice of the test's own write. On PostgreSQL it comes back a moment after
   * the write, and makes the lists be read afresh once more (db/public-writes.ts): a list read
   * before it would not be kept through it.
   */
  const noticesIn = () =>
    new Promise((resolve) => setTimeout(resolve, testDialect === 'postgres' ? 250 : 0));

  it('show what no notice announces (view counts) within thirty seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const { id } = await createArticle(t.app.database.db, author.user.id, {
      publisherId,
      tags: ['health'],
    });
    await noticesIn();
    expect(await viewCounts('&tags=health')).toEqual([0]);
    await view(id);
    expect(await viewCounts('&tags=health')).toEqual([0]);
    vi.advanceTimersByTime(30_001);
    expect(await viewCounts('&tags=health')).toEqual([1]);
  });

  it('answer a stale page while one read replaces it, never past thirty seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    // Fresh for the shortest part of the lifetime: half of it.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { id } = await createArticle(t.app.database.db, author.user.id, {
      publisherId,
      tags: ['education'],
    });
    await noticesIn();
    expect(await viewCounts('&tags=education')).toEqual([0]);
    await view(id);
    vi.advanceTimersByTime(14_900);
    expect(await viewCounts('&tags=education')).toEqual([0]);

    // Past its fresh time, the page is still answered, and read again meanwhile.
    vi.advanceTimersByTime(200);
    expect(await viewCounts('&tags=education')).toEqual([0]);
    await vi.waitFor(async () => {
      expect(await viewCounts('&tags=education')).toEqual([1]);
    });
  });

  it('are not kept for an author’s own list or an admin’s lists of every status', async () => {
    const { id } = await createArticle(t.app.database.db, author.user.id, {
      publisherId,
      tags: ['weather'],
    });
    await noticesIn();
    const counts = async (cookie: string, query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/articles?limit=50&tags=weather${query}`,
        headers: { cookie },
      });
      return res.json<Article[]>().map((a) => a.viewCount);
    };
    const byAuthor = `&email=${encodeURIComponent(author.user.email)}`;
    expect(await viewCounts('&tags=weather')).toEqual([0]);
    expect(await counts(author.cookie, byAuthor)).toEqual([0]);
    expect(await counts(admin.cookie, '')).toEqual([0]);
    await view(id);
    // The public list waits for its lifetime; these are read every time.
    expect(await viewCounts('&tags=weather')).toEqual([0]);
    expect(await counts(author.cookie, byAuthor)).toEqual([1]);
    expect(await counts(admin.cookie, '')).toEqual([1]);
  });
});
