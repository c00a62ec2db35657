import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { makeAdmin, signUp, type TestUser } from '../test/auth.js';
import { createArticle, createPublisher } from '../test/factories.js';

// Totals are counted once and reused for a few seconds (queries/count-cache.ts); every write
// through the API must show in the next answer all the same.
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
