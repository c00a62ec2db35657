import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchMessages } from '#shared/search';
import { sourcePages } from '#server/test/pages';
import { changesHeard, createTestApp, type TestApp } from '#server/test/app';
import { signUp } from '#server/test/auth';
import { createArticle } from '#server/test/factories';
import { searchGateLimits, searchRetryAfterSeconds } from './gate.js';

// Searches past what the engine can answer in time are refused with 503 and Retry-After, on the
// API and the search page, while kept answers and every other read go on (search/gate.ts).
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { pages: await sourcePages() });
  const author = await signUp(t.app);
  await createArticle(t.app.database.db, author.user.id, { title: 'Harbour reopens' });
  await createArticle(t.app.database.db, author.user.id, { title: 'Ferry timetable changes' });
  // So the first answer is kept through the test, not dropped when the writes' notices arrive.
  await changesHeard(t.app);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** Takes every turn the gate gives at once, as that many slow searches would. */
function fillGate() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  const { running } = searchGateLimits(t.app.database);
  const held = Array.from({ length: running }, () => t.app.searchGate.run(() => done));
  return async () => {
    release();
    await Promise.all(held);
  };
}

describe('searches past what the server can answer in time', () => {
  it('answers 503 with Retry-After once a search has waited its longest, on the API and the page', async () => {
    const kept = await get('/api/search?q=harbour');
    expect(kept.statusCode).toBe(200);

    const release = fillGate();
    try {
      const started = Date.now();
      const refused = await get('/api/search?q=ferry');
      expect(Date.now() - started).toBeGreaterThanOrEqual(
        searchGateLimits(t.app.database).waitMs - 50,
      );
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe(String(searchRetryAfterSeconds));
      expect(refused.json()).toEqual({ error: 'unavailable', message: searchMessages.busy });

      const page = await get('/search?q=ferry');
      expect(page.statusCode).toBe(503);
      const doc = parse(page.body);
      expect(doc.querySelector('main [role="alert"]')?.textContent).toContain(searchMessages.busy);
      expect(doc.querySelectorAll('main article')).toHaveLength(0);

      // An answer already kept costs nothing: it is never refused. Nor is any other read.
      const again = await get('/api/search?q=harbour');
      expect(again.statusCode).toBe(200);
      expect(again.json<{ total: number }>().total).toBe(1);
      expect((await get('/api/articles?isApproved=true')).statusCode).toBe(200);
    } finally {
      await release();
    }

    // Once the searches under way end, new ones are answered again.
    const after = await get('/api/search?q=ferry');
    expect(after.statusCode).toBe(200);
    expect(after.json<{ total: number }>().total).toBe(1);
  });

  it('lets a waiting search in as soon as a turn frees, and refuses nothing then', async () => {
    const release = fillGate();
    const waiting = get('/api/search?q=timetable');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await release();
    const res = await waiting;
    expect(res.statusCode).toBe(200);
    expect(res.json<{ total: number }>().total).toBe(1);
  });
});
