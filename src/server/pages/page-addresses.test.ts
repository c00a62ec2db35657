import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '#shared/rules/limits';
import type { PageRequest } from '#shared/pages';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp, type TestUser } from '#server/test/auth';
import { createArticle } from '#server/test/factories';
import { sourcePages } from '#server/test/pages';
import { articleMatch } from './serve.js';

/*
 * A page is the one the router matches, however its address is spelled: other spellings are
 * sent to the route table's, and a guest's page is kept under that address and the parameters
 * the page reads, so no spelling sidesteps a rule that holds for the page (the search budget)
 * or fills the store with copies of one page.
 */

let t: TestApp;
let reader: TestUser;
let articleId: number;
/** The addresses the web app was asked to render, in order. */
const rendered: string[] = [];

beforeAll(async () => {
  const pages = await sourcePages();
  const { renderer } = pages;
  t = await createTestApp(
    {},
    {
      pages: {
        ...pages,
        renderer: {
          matchPage: (url) => renderer.matchPage(url),
          renderPage: (request: PageRequest) => {
            rendered.push(request.url);
            return renderer.renderPage(request);
          },
        },
      },
    },
  );
  reader = await signUp(t.app, { name: 'Rae Reader' });
  articleId = (await createArticle(t.app.database.db, reader.user.id, { title: 'Harbour opens' }))
    .id;
});

afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('the spelling of a page address', () => {
  it('is sent to the route table’s own, once, with the query as it came', async () => {
    const cases: [string, string][] = [
      ['/Search?q=harbour', '/search?q=harbour'],
      ['/search/?q=harbour', '/search?q=harbour'],
      ['/SEARCH/?q=harbour&page=2', '/search?q=harbour&page=2'],
      ['/%73earch?q=harbour', '/search?q=harbour'],
      ['/Login/', '/login'],
      ['/ALLPUBLISHEDARTICLES?title=harbour', '/allpublishedarticles?title=harbour'],
      ['/addarticle', '/addArticle'],
      ['/Admin/Dashboard/', '/admin/dashboard'],
      [`/Articles/${articleId}/`, `/articles/${articleId}`],
    ];
    for (const [url, canonical] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(canonical);
      const followed = await get(canonical);
      expect([200, 302], canonical).toContain(followed.statusCode);
    }
  });

  it('leaves the route table’s own spelling and unknown addresses alone', async () => {
    for (const url of ['/search?q=harbour', '/', `/articles/${articleId}`, '/addArticle']) {
      expect((await get(url, reader.cookie)).statusCode, url).toBe(200);
    }
    expect((await get('/no/such/page')).statusCode).toBe(404);
    expect((await get('/No/Such/Page/')).statusCode).toBe(404);
  });

  it('matches an article’s own address as the route table does, without asking it', async () => {
    const { renderer } = await sourcePages();
    for (const url of ['/articles/1', `/articles/${articleId}`, '/articles/9999999999']) {
      expect(articleMatch(url), url).toEqual(renderer.matchPage(url));
    }
    for (const url of ['/articles/01', '/articles/1/', '/Articles/1', '/articles/1?x=1']) {
      expect(articleMatch(url), url).toBeUndefined();
    }
  });

  it('never lets a guest’s searches escape the search budget', async () => {
    const spellings = ['/Search?q=harbour', '/search/?q=harbour', '/%73earch?q=harbour'];
    const statuses: number[] = [];
    for (let i = 0; i <= rateLimits.searches.max + 4; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: spellings[i % spellings.length]!,
        remoteAddress: '203.0.113.9',
      });
      const answered =
        res.statusCode === 301
          ? await t.app.inject({
              method: 'GET',
              url: res.headers.location as string,
              remoteAddress: '203.0.113.9',
            })
          : res;
      statuses.push(answered.statusCode);
    }
    expect(statuses.slice(0, rateLimits.searches.max).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('a guest’s kept page', () => {
  it('is kept under the parameters the page reads, whatever else the address carries', async () => {
    rendered.length = 0;
    const home = await get('/?utm_source=mail');
    expect(home.statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await get(`/?x=${i}`)).body).toBe(home.body);
    expect(rendered).toEqual(['/']);

    rendered.length = 0;
    const list = '/allpublishedarticles?tags=sports&page=1';
    for (const url of [list, `${list}&x=1`, '/allpublishedarticles?x=2&page=1&tags=sports']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    // The page reads `page` too; its order and whatever else came do not count.
    expect(rendered).toEqual(['/allpublishedarticles?tags=sports&page=1']);
  });

  it('of a reader’s own page sends them to log in with what the page reads', async () => {
    const res = await get('/updateArticle?id=5');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/login?from=${encodeURIComponent('/updateArticle?id=5')}`);
  });
});
