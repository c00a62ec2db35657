import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Article } from '#shared/articles';
import { buildApp } from '#server/app';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { testDialect } from '#server/test/database';
import { createArticle, createPublisher } from '#server/test/factories';
import { openDatabase } from './database.js';

// Two servers on one database, as two processes would be: what one writes, the other shows in
// its very next answer, although both keep their public lists, totals and feeds for a while.
let one: TestApp;
let other: FastifyInstance;
let author: TestUser;
let admin: TestUser;
let publisherId: number;

beforeAll(async () => {
  one = await createTestApp();
  other = await buildApp(one.config, { database: openDatabase(one.config.database) });
  await other.ready();
  author = await signUp(one.app);
  admin = await signUp(one.app);
  await makeAdmin(one.app, admin.user.id);
  publisherId = (await createPublisher(one.app.database.db)).id;
});
afterAll(async () => {
  await other.close();
  await one.close();
});

async function titles(app: FastifyInstance, query = '') {
  const res = await app.inject({ method: 'GET', url: `/api/articles?limit=50${query}` });
  expect(res.statusCode).toBe(200);
  return { titles: res.json<Article[]>().map((a) => a.name), total: res.headers['x-total-count'] };
}

/** What `app` shows once the other server's notice is in (at once on SQLite, ms on PostgreSQL). */
function soon(check: () => Promise<void>) {
  return vi.waitFor(check, { timeout: 1_000, interval: 10 });
}

async function moderate(app: FastifyInstance, id: number, payload: object) {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/articles/${id}`,
    headers: { cookie: admin.cookie },
    payload,
  });
  expect(res.statusCode).toBe(200);
}

describe('two servers on one database', () => {
  it('show an approval made on the other in their kept lists, totals and feeds at once', async () => {
    const pending = await createArticle(one.app.database.db, author.user.id, {
      publisherId,
      isApproved: false,
      title: 'Harbour reopens',
      tags: ['business'],
    });
    // Both keep the lists without it.
    for (const app of [one.app, other]) {
      expect(await titles(app)).toEqual({ titles: [], total: '0' });
      expect(await titles(app, '&tags=business')).toEqual({ titles: [], total: '0' });
    }
    const rss = () => other.inject({ method: 'GET', url: '/rss.xml' }).then((r) => r.body);
    expect(await rss()).not.toContain('Harbour reopens');

    await moderate(one.app, pending.id, { isApproved: true });
    await soon(async () =>
      expect(await titles(other)).toEqual({ titles: ['Harbour reopens'], total: '1' }),
    );
    expect(await titles(other, '&tags=business')).toEqual({
      titles: ['Harbour reopens'],
      total: '1',
    });
    expect(await rss()).toContain('Harbour reopens');

    // And back the other way: deleted on the second, gone from the first.
    const removed = await other.inject({
      method: 'DELETE',
      url: `/api/articles/${pending.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(removed.statusCode).toBe(200);
    await soon(async () => expect(await titles(one.app)).toEqual({ titles: [], total: '0' }));
  });

  it('follow an author’s new name given on the other', async () => {
    await createArticle(one.app.database.db, author.user.id, { publisherId, title: 'Tide' });
    await moderate(
      one.app,
      (
        await createArticle(one.app.database.db, author.user.id, {
          publisherId,
          isApproved: false,
        })
      ).id,
      { isApproved: true },
    );
    const names = async () =>
      (await other.inject({ method: 'GET', url: '/api/articles' }))
        .json<Article[]>()
        .map((a) => a.author.name);
    expect(await names()).not.toContain('Renamed Author');
    const form = new FormData();
    form.set('name', 'Renamed Author');
    const renamed = await one.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { cookie: author.cookie },
      payload: form,
    });
    expect(renamed.statusCode).toBe(200);
    await soon(async () => expect(await names()).toContain('Renamed Author'));
  });

  it('show a write made straight to the database, as a script would make it, at once', async () => {
    await titles(other);
    // No server made it: the database announces it itself (migration 011).
    await createArticle(one.app.database.db, author.user.id, { publisherId, title: 'Unheard' });
    await soon(async () => expect((await titles(other)).titles).toContain('Unheard'));
  });

  it('keep their answers through writes no public list shows: view counts', async () => {
    const views = async (app: FastifyInstance) =>
      (await app.inject({ method: 'GET', url: '/api/articles?limit=50&sortBy=viewCount' }))
        .json<Article[]>()
        .map((a) => [a.name, a.viewCount]);
    const kept = await views(other);
    const { id } = await createArticle(one.app.database.db, author.user.id, { publisherId });
    await soon(async () => expect((await views(other)).length).toBe(kept.length + 1));
    // The article and its tags were two writes: their notices may come a moment apart.
    await new Promise((resolve) => setTimeout(resolve, 250));
    const before = await views(other);
    const viewed = await one.app.inject({ method: 'PATCH', url: `/api/articledetail/${id}` });
    expect(viewed.statusCode).toBe(200);
    await one.app.articleViews.flush(Date.now());
    // The count has moved; the other server's kept list shows it only at the end of its life.
    const row = await one.app.database.db
      .selectFrom('article')
      .select('viewCount')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.viewCount).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await views(other)).toEqual(before);
  });
});

if (testDialect === 'postgres') {
  describe('the notices’ connection (PostgreSQL)', () => {
    it('is opened again when lost; meanwhile kept answers live a second at most', async () => {
      const base = await titles(other);
      const killed = await terminateListeners();
      expect(killed).toBeGreaterThan(0);
      // Written straight to the database, unheard: the kept answer lives one second at most
      // while the watch is unsure, and the reconnection forgets everything anyway.
      await createArticle(one.app.database.db, author.user.id, { publisherId, title: 'Gap' });
      await soon(async () => expect((await titles(other)).titles).toContain('Gap'));
      expect(base.titles).not.toContain('Gap');

      // Listening again: an approval on one shows on the other at once.
      const pending = await createArticle(one.app.database.db, author.user.id, {
        publisherId,
        isApproved: false,
        title: 'After the gap',
      });
      await expect
        .poll(() => listenerCount(), { timeout: 5_000, interval: 50 })
        .toBeGreaterThanOrEqual(2);
      expect((await titles(other)).titles).not.toContain('After the gap');
      await moderate(one.app, pending.id, { isApproved: true });
      await soon(async () => expect((await titles(other)).titles).toContain('After the gap'));
    });
  });
}

/** Ends the listening connections of this test's two servers. */
async function terminateListeners(): Promise<number> {
  return withAdmin(async (client, name) => {
    const { rowCount } = await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`,
      [name],
    );
    return rowCount ?? 0;
  });
}

async function listenerCount(): Promise<number> {
  return withAdmin(async (client, name) => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where application_name = $1`,
      [name],
    );
    return rows[0]?.n ?? 0;
  });
}

/** Runs `use` on a connection of its own, with the name the listeners of this test's site bear. */
async function withAdmin<T>(use: (client: pg.Client, name: string) => Promise<T>): Promise<T> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
    one.app.database.db,
  );
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await use(client, `tribune-changes:${rows[0]?.schema}`);
  } finally {
    await client.end();
  }
}
