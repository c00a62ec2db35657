import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '#shared/rules/limits';
import { searchMessages } from '#shared/search';
import { sourcePages } from '#server/test/pages';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createArticle } from '#server/test/factories';

// The search budget per address (rateLimits.searches), on the API and on the search page alike,
// whoever is searching: every search counts, kept answers too.
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, { pages: await sourcePages() });
  const author = await signUp(t.app);
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  await createArticle(t.app.database.db, author.user.id, { title: 'Harbour reopens' });
});
afterAll(() => t.close());

const search = (address: string, url = '/api/search?q=harbour', cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    remoteAddress: address,
    headers: cookie ? { cookie } : {},
  });

describe('the search budget of one address', () => {
  it('answers 429 with a message past the budget, on the API and the page, for anyone', async () => {
    const address = '203.0.113.7';
    for (let n = 0; n < rateLimits.searches.max; n++) {
      const res = await search(address, `/api/search?q=harbour&page=${(n % 3) + 1}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await search(address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'rate_limited', message: searchMessages.tooMany });

    // Signing in as an admin does not lift it: the budget is the address's.
    const asAdmin = await search(address, undefined, admin.cookie);
    expect(asAdmin.statusCode).toBe(429);

    // The search page from that address says so, with the same status.
    const page = await search(address, '/search?q=harbour');
    expect(page.statusCode).toBe(429);
    const doc = parse(page.body);
    expect(doc.querySelector('main [role="alert"]')?.textContent).toBe(searchMessages.tooMany);
    expect(doc.querySelectorAll('main article')).toHaveLength(0);
  });

  it('leaves other addresses and other reads alone', async () => {
    const res = await search('203.0.113.8');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ total: number }>().total).toBe(1);

    const list = await search('203.0.113.7', '/api/articles?isApproved=true');
    expect(list.statusCode).toBe(200);
  });
});
