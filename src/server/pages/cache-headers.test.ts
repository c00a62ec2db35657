import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '#server/config';
import { changesHeard, createTestApp, type TestApp } from '#server/test/app';
import { signUp, type TestUser } from '#server/test/auth';
import { createArticle, createPublisher } from '#server/test/factories';
import { sourcePages } from '#server/test/pages';

// What the caches in front of the server (a CDN, nginx's proxy_cache) are told of each kind of
// page (pages/cache-headers.ts), on the real server and database.
const site = 'https://news.example.com';
const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const publicFor = (seconds: number) =>
  `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=60, stale-if-error=86400`;

const servers: TestApp[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

async function site_(overrides: Partial<AppConfig>) {
  const t = await createTestApp({ publicUrl: site, ...overrides }, { pages: await sourcePages() });
  servers.push(t);
  const author = await signUp(t.app);
  const publisher = await createPublisher(t.app.database.db);
  const article = (isPremium = false) =>
    createArticle(t.app.database.db, author.user.id, { isPremium, publisherId: publisher.id });
  const get = (url: string, headers: Record<string, string> = {}, ip = '198.51.100.1') =>
    t.app.inject({
      url,
      remoteAddress: ip,
      headers: { 'user-agent': browser, 'accept-encoding': 'gzip', ...headers },
    });
  return { t, author, publisher, article, get };
}

describe('with guests metered and PAGE_CACHE_SECONDS=120', () => {
  let s: Awaited<ReturnType<typeof site_>>;
  let reader: TestUser;
  beforeAll(async () => {
    s = await site_({ pageCacheSeconds: 120, meter: { guest: 1, registered: 3 } });
    reader = await signUp(s.t.app);
    await changesHeard(s.t.app);
  });

  it('offers the home page and the lists to shared caches, tagged, varying by encoding only', async () => {
    for (const [url, tag] of [
      ['/', 'home'],
      ['/allpublishedarticles', 'lists'],
    ] as const) {
      const res = await s.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(publicFor(120));
      expect(res.headers.vary, url).toBe('Accept-Encoding');
      expect(res.headers['surrogate-key'], url).toBe(tag);
      expect(res.headers['cache-tag'], url).toBe(tag);
      expect(res.headers.etag, url).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    }
  });

  it('answers 304 to a reader who holds the page, and the page to one who holds another', async () => {
    const first = await s.get('/');
    const etag = String(first.headers.etag);
    const again = await s.get('/', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(publicFor(120));
    expect(again.headers['surrogate-key']).toBe('home');
    // Strong or weak, among others: the comparison is weak.
    const listed = await s.get('/', { 'if-none-match': `"x", ${etag.replace('W/', '')}` });
    expect(listed.statusCode).toBe(304);
    const other = await s.get('/', { 'if-none-match': 'W/"0-0"', 'accept-encoding': 'identity' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('<main');
  });

  it("offers a free article's page, rendered or stored, with one ETag and its tags", async () => {
    const { id } = await s.article();
    const rendered = await s.get(`/articles/${id}`);
    expect(rendered.statusCode).toBe(200);
    expect(rendered.headers['cache-control']).toBe(publicFor(120));
    expect(rendered.headers.vary).toBe('Accept-Encoding');
    const author = s.author.user.id;
    expect(rendered.headers['surrogate-key']).toBe(
      `article-${id} publisher-${s.publisher.id} author-${author}`,
    );
    expect(rendered.headers['cache-tag']).toBe(
      `article-${id},publisher-${s.publisher.id},author-${author}`,
    );

    // A change elsewhere makes this process forget what it kept: the page now comes from the
    // database's store, its ETag read from the stored gzip, the same.
    await createPublisher(s.t.app.database.db);
    await changesHeard(s.t.app);
    const stored = await s.get(`/articles/${id}`);
    expect(stored.headers['content-encoding']).toBe('gzip');
    expect(stored.headers.etag).toBe(rendered.headers.etag);
    expect(stored.headers['cache-control']).toBe(publicFor(120));
    expect(stored.headers['surrogate-key']).toBe(rendered.headers['surrogate-key']);
    const notModified = await s.get(`/articles/${id}`, {
      'if-none-match': String(stored.headers.etag),
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
  });

  it("keeps a premium article's page out of shared caches, whether the meter opens it or not", async () => {
    const { id } = await s.article(true);
    // Opened by the meter: this guest's alone.
    const opened = await s.get(`/articles/${id}`, {}, '198.51.100.20');
    expect(opened.headers['cache-control']).toBe('private, no-store');
    expect(opened.headers.etag).toBeUndefined();
    expect(opened.headers['surrogate-key']).toBeUndefined();
    // Another premium article, the meter spent: the page every such guest gets, still private.
    const next = await s.article(true);
    const walled = await s.get(`/articles/${next.id}`, {}, '198.51.100.20');
    expect(walled.headers['cache-control']).toBe('private, no-cache');
    expect(walled.headers['surrogate-key']).toMatch(new RegExp(`^article-${next.id} publisher-`));
    const etag = String(walled.headers.etag);
    const again = await s.get(`/articles/${next.id}`, { 'if-none-match': etag }, '198.51.100.20');
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });

  it('keeps signed-in pages private and unstored; a guest’s 404 is every guest’s', async () => {
    const { id } = await s.article();
    for (const url of ['/', '/allpublishedarticles', `/articles/${id}`]) {
      const res = await s.get(url, { cookie: reader.cookie });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect(res.headers.etag, url).toBeUndefined();
      expect(res.headers['surrogate-key'], url).toBeUndefined();
    }
    const pending = await createArticle(s.t.app.database.db, s.author.user.id, {
      isApproved: false,
    });
    const missing = await s.get(`/articles/${pending.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe(publicFor(120));
    expect(missing.headers['surrogate-key']).toBe(`article-${pending.id}`);
    expect(missing.headers.etag).toBeUndefined();
  });
});

describe('with guests not metered', () => {
  it("offers a premium article's page, the same for every guest, to shared caches", async () => {
    const s = await site_({ meter: { guest: 0, registered: 0 } });
    const { id } = await s.article(true);
    const res = await s.get(`/articles/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(publicFor(60));
    expect(res.headers['surrogate-key']).toBe(
      `article-${id} publisher-${s.publisher.id} author-${s.author.user.id}`,
    );
  });
});

describe('with PAGE_CACHE_SECONDS=0', () => {
  it('keeps shared caches out, and still answers 304', async () => {
    const s = await site_({ pageCacheSeconds: 0 });
    const { id } = await s.article();
    // The write's notice heard (PostgreSQL's comes a moment later): no render in between.
    await changesHeard(s.t.app);
    for (const url of ['/', `/articles/${id}`]) {
      const res = await s.get(url);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const again = await s.get(url, { 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode, url).toBe(304);
    }
  });
});
