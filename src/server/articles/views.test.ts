import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#server/db/database';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp } from '#server/test/auth';
import { createArticle, createPublisher } from '#server/test/factories';
import { ArticleViews } from './queries/views.js';

// The app's own counter, and a second connection that stands for another server process.
let t: TestApp;
let otherProcess: DatabaseHandle;
let authorId: string;
let publisherId: number;
beforeAll(async () => {
  t = await createTestApp();
  otherProcess = openDatabase(t.database.config);
  authorId = (await signUp(t.app)).user.id;
  publisherId = (await createPublisher(t.app.database.db)).id;
});
afterAll(async () => {
  await otherProcess.close();
  await t.close();
});

const db = () => t.app.database.db;
const newArticle = async () => (await createArticle(db(), authorId, { publisherId, tags: [] })).id;
const stored = async (id: number) =>
  (await db().selectFrom('article').select('viewCount').where('id', '=', id).executeTakeFirst())
    ?.viewCount;
const view = (id: number, remoteAddress = '203.0.113.9') =>
  t.app.inject({ method: 'PATCH', url: `/api/articledetail/${id}`, remoteAddress });

describe('article views counted in memory and written together', () => {
  it('write nothing until flushed, then every article’s views at once', async () => {
    const counter = new ArticleViews(db());
    const [one, two] = [await newArticle(), await newArticle()];
    for (const id of [one, one, one, two]) await counter.count(id, '198.51.100.1', Date.now());
    expect([await stored(one), await stored(two)]).toEqual([0, 0]);

    await counter.flush(Date.now());
    expect([await stored(one), await stored(two)]).toEqual([3, 1]);
    // A second flush adds nothing.
    await counter.flush(Date.now());
    expect([await stored(one), await stored(two)]).toEqual([3, 1]);
  });

  it('are all written once a flush resolves, even one begun while another was writing', async () => {
    const counter = new ArticleViews(db());
    const id = await newArticle();
    await counter.count(id, '198.51.100.6', Date.now());
    // The first takes the view and writes it; the second finds nothing left to take.
    const first = counter.flush(Date.now());
    await counter.flush(Date.now());
    expect(await stored(id)).toBe(1);
    await first;
  });

  it('write more articles than one statement takes, each with its own count', async () => {
    const counter = new ArticleViews(db());
    const ids: number[] = [];
    for (let i = 0; i < 620; i += 1) ids.push(await newArticle());
    // Every article once, and every tenth three times more from other readers.
    for (const [i, id] of ids.entries()) {
      await counter.count(id, '198.51.100.2', Date.now());
      if (i % 10 === 0) {
        for (const reader of [3, 4, 5]) await counter.count(id, `198.51.100.${reader}`, Date.now());
      }
    }
    await counter.flush(Date.now());
    const counts = await db()
      .selectFrom('article')
      .select(['id', 'viewCount'])
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(counts.map((row) => [row.id, row.viewCount]));
    expect(ids.map((id) => byId.get(id))).toEqual(ids.map((_, i) => (i % 10 === 0 ? 4 : 1)));
  });

  it('add up across processes', async () => {
    const here = new ArticleViews(db());
    const there = new ArticleViews(otherProcess.db);
    const id = await newArticle();
    await here.count(id, '198.51.100.6', Date.now());
    await there.count(id, '198.51.100.7', Date.now());
    await there.count(id, '198.51.100.8', Date.now());
    await there.flush(Date.now());
    await here.flush(Date.now());
    expect(await stored(id)).toBe(3);
  });

  it('of an article deleted before the flush are dropped, the others written', async () => {
    const counter = new ArticleViews(db());
    const [gone, kept] = [await newArticle(), await newArticle()];
    await counter.count(gone, '198.51.100.9', Date.now());
    await counter.count(kept, '198.51.100.9', Date.now());
    await db().deleteFrom('article').where('id', '=', gone).execute();
    await counter.flush(Date.now());
    expect(await stored(gone)).toBeUndefined();
    expect(await stored(kept)).toBe(1);
  });
});

describe('the app’s view counter', () => {
  it('writes a view within a few seconds on its own timer', async () => {
    const id = await newArticle();
    expect((await view(id)).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await stored(id)).toBe(1), { timeout: 5_000 });
  });

  it('writes the views it holds when the app closes', async () => {
    const closing = await createTestApp();
    const reader = openDatabase(closing.database.config);
    try {
      const author = await signUp(closing.app);
      const { id } = await createArticle(closing.app.database.db, author.user.id);
      const res = await closing.app.inject({ method: 'PATCH', url: `/api/articledetail/${id}` });
      expect(res.statusCode).toBe(200);
      await closing.app.close();
      const row = await reader.db
        .selectFrom('article')
        .select('viewCount')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.viewCount).toBe(1);
    } finally {
      await reader.close();
      await closing.database.cleanup();
    }
  });
});
