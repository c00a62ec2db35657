import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp } from '#server/test/auth';
import { createArticle } from '#server/test/factories';

// Search answers are kept apart from the lists (cache/plugin.ts), so that new words, however
// many, never push the lists out: a search reads and fills app.searchReads alone.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const author = await signUp(t.app);
  await createArticle(t.app.database.db, author.user.id, { title: 'Harbour reopens' });
});
afterAll(() => t.close());

it('keeps search answers apart from the lists', async () => {
  const lists = vi.spyOn(t.app.publicReads, 'read');
  const searches = vi.spyOn(t.app.searchReads, 'read');
  for (const word of ['harbour', 'reopens', 'harbour']) {
    const res = await t.app.inject({ method: 'GET', url: `/api/search?q=${word}` });
    expect(res.json<{ total: number }>().total).toBe(1);
  }
  expect(searches).toHaveBeenCalledTimes(3);
  expect(lists).not.toHaveBeenCalled();

  await t.app.inject({ method: 'GET', url: '/api/articles?isApproved=true' });
  expect(lists).toHaveBeenCalled();
  expect(searches).toHaveBeenCalledTimes(3);
});
