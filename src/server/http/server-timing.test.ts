import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp } from '#server/test/auth';
import { createArticle } from '#server/test/factories';

let timed: TestApp;
let plain: TestApp;
let id: number;

beforeAll(async () => {
  [timed, plain] = await Promise.all([createTestApp({ serverTiming: true }), createTestApp()]);
  const author = await signUp(timed.app);
  id = (await createArticle(timed.app.database.db, author.user.id)).id;
});
afterAll(() => Promise.all([timed.close(), plain.close()]));

/** The header's two entries: the database's time and query count, and the whole request's. */
function serverTiming(header: unknown): { db: number; queries: number; app: number } {
  const match = /^db;dur=([\d.]+);desc="(\d+) queries", app;dur=([\d.]+)$/.exec(String(header));
  if (!match) throw new Error(`not a Server-Timing header: ${String(header)}`);
  return { db: Number(match[1]), queries: Number(match[2]), app: Number(match[3]) };
}

describe('SERVER_TIMING', () => {
  it('says how long each answer spent in the database and how many queries it made', async () => {
    const detail = await timed.app.inject({ url: `/api/articledetail/${id}` });
    expect(detail.statusCode).toBe(200);
    const timing = serverTiming(detail.headers['server-timing']);
    expect(timing.queries).toBeGreaterThan(0);
    expect(timing.db).toBeGreaterThan(0);
    expect(timing.app).toBeGreaterThanOrEqual(timing.db);
  });

  it('counts no query for an answer that needs none', async () => {
    const live = await timed.app.inject({ url: '/api/health/live' });
    expect(serverTiming(live.headers['server-timing'])).toMatchObject({ db: 0, queries: 0 });
  });

  it('keeps each request’s count to itself when requests overlap', async () => {
    // A signed-in reader's detail is read afresh each time (a guest's may share a kept one).
    const { cookie } = await signUp(timed.app);
    const detail = () => timed.app.inject({ url: `/api/articledetail/${id}`, headers: { cookie } });
    const answers = await Promise.all([
      detail(),
      timed.app.inject({ url: '/api/health/live' }),
      detail(),
    ]);
    const [first, live, second] = answers.map((a) => serverTiming(a.headers['server-timing']));
    expect(live?.queries).toBe(0);
    expect(first?.queries).toBe(second?.queries);
  });

  it('is off by default', async () => {
    const detail = await plain.app.inject({ url: '/api/health/live' });
    expect(detail.headers['server-timing']).toBeUndefined();
  });
});
