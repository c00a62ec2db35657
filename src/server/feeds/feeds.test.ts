import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createArticle, createPublisher } from '#server/test/factories';
import { expectWellFormedXml } from '#server/test/xml';
import { sitemapArticles, sitemapParts } from './queries.js';

let t: TestApp;
let author: TestUser;
const ids: Record<string, number> = {};
const now = new Date('2026-06-10T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
const premiumSecret = 'Only subscribers read this fourth sentence.';
const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ['url', 'sitemap', 'item', 'category'].includes(name),
});

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://news.example.com' }, { clock: () => now });
  const db = t.app.database.db;
  author = await signUp(t.app, { name: 'Alice <Author>' });
  const herald = await createPublisher(db, { name: 'The Harbour Herald' });
  const times = await createPublisher(db, { name: 'Valley Times' });
  const make = (title: string, overrides: Parameters<typeof createArticle>[2]) =>
    createArticle(db, author.user.id, { title, ...overrides }).then(({ id }) => (ids[title] = id));
  await make('Old & forgotten', { createdAt: hoursAgo(24 * 30), publisherId: times.id });
  await make('Harbour reopens', {
    createdAt: hoursAgo(30),
    publisherId: herald.id,
    tags: ['business'],
  });
  await make('Still pending', { createdAt: hoursAgo(5), isApproved: false });
  await make('Inside the clinic', {
    createdAt: hoursAgo(3),
    publisherId: times.id,
    tags: ['health'],
    isPremium: true,
    description: `First sentence. Second sentence! Third sentence? ${premiumSecret}`,
  });
  await make('Derby day', { createdAt: hoursAgo(1), publisherId: times.id, tags: ['sports'] });
});

afterAll(() => t.close());

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { res, body: res.statusCode === 200 ? validXml(res.body) : undefined };
}

/** The parts of the parsed documents these tests read. */
interface FeedItem {
  title: string;
  link: string;
  description: string;
  pubDate: string;
  'dc:creator': string;
  category: string[];
  'media:content': { '@_url': string };
}
interface UrlEntry {
  loc: string;
  lastmod: string;
  'news:news': {
    'news:title': string;
    'news:publication': unknown;
    'news:publication_date': string;
  };
}
interface Documents {
  sitemapindex: { sitemap: { loc: string; lastmod?: string }[] };
  urlset: { '@_xmlns:news'?: string; url: UrlEntry[] };
  rss: { '@_version': string; channel: { title: string; link: string; item: FeedItem[] } };
}

function validXml(text: string) {
  if (!text.startsWith('<?xml')) return undefined;
  expectWellFormedXml(text);
  return parser.parse(text) as Documents;
}

describe('robots.txt', () => {
  it('names the sitemap and keeps crawlers out of private areas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of [
      '/api/',
      '/admin',
      '/myarticles',
      '/myprofile',
      '/payment',
      '/addArticle',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain('Sitemap: https://news.example.com/sitemap.xml');
    expect(lines).not.toContain('Disallow: /');
  });
});

describe('sitemaps', () => {
  it('indexes the public pages and the article sitemaps', async () => {
    const { res, body } = await get('/sitemap.xml');
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = body!.sitemapindex.sitemap.map((s) => s.loc);
    expect(locs).toEqual([
      'https://news.example.com/sitemaps/pages.xml',
      'https://news.example.com/sitemaps/articles-1.xml',
    ]);
    expect(body!.sitemapindex.sitemap[1]!.lastmod).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('lists every approved article with its last change, and nothing else', async () => {
    const { body } = await get('/sitemaps/articles-1.xml');
    const urls = body!.urlset.url;
    const approved = ['Old & forgotten', 'Harbour reopens', 'Inside the clinic', 'Derby day'];
    expect(urls.map((u) => u.loc)).toEqual(
      approved.map((title) => `https://news.example.com/articles/${ids[title]}`),
    );
    expect(urls.every((u) => !Number.isNaN(Date.parse(u.lastmod)))).toBe(true);
  });

  it('lists the static pages', async () => {
    const { body } = await get('/sitemaps/pages.xml');
    expect(body!.urlset.url.map((u) => u.loc)).toEqual([
      'https://news.example.com/',
      'https://news.example.com/allpublishedarticles',
    ]);
  });

  it('answers 404 for a part that holds no article or a name it does not know', async () => {
    for (const url of ['/sitemaps/articles-2.xml', '/sitemaps/articles-0.xml', '/sitemaps/x.xml']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
  });

  it('cuts the articles into fixed id slices of the size given', async () => {
    const db = t.app.database.db;
    const approvedIds = ['Old & forgotten', 'Harbour reopens', 'Inside the clinic', 'Derby day']
      .map((title) => ids[title]!)
      .sort((a, b) => a - b);
    const size = 2;
    const parts = await sitemapParts(db, size);
    const expected = [...new Set(approvedIds.map((id) => Math.floor((id - 1) / size) + 1))];
    expect(parts.map((p) => p.number)).toEqual(expected);
    const listed = (await Promise.all(parts.map((p) => sitemapArticles(db, p.number, size))))
      .flat()
      .map((a) => a.id);
    expect(listed).toEqual(approvedIds);
    for (const part of parts) {
      expect((await sitemapArticles(db, part.number, size)).length).toBeLessThanOrEqual(size);
    }
  });
});

describe('the Google News sitemap', () => {
  it('holds the approved articles of the last two days, newest first, with title and date', async () => {
    const { res, body } = await get('/news-sitemap.xml');
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urls = body!.urlset.url;
    expect(body!.urlset['@_xmlns:news']).toBe('http://www.google.com/schemas/sitemap-news/0.9');
    expect(urls.map((u) => u['news:news']['news:title'])).toEqual([
      'Derby day',
      'Inside the clinic',
      'Harbour reopens',
    ]);
    const first = urls[0]!['news:news'];
    expect(first['news:publication']).toEqual({ 'news:name': 'Tribune', 'news:language': 'en' });
    expect(first['news:publication_date']).toBe(hoursAgo(1));
    expect(urls[0]!.loc).toBe(`https://news.example.com/articles/${ids['Derby day']}`);
  });
});

describe('the RSS feed', () => {
  it('gives the latest approved articles, free ones whole and premium ones cut to the excerpt', async () => {
    const { res, body } = await get('/rss.xml');
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(body!.rss['@_version']).toBe('2.0');
    const channel = body!.rss.channel;
    expect(channel.title).toBe('Tribune');
    expect(channel.link).toBe('https://news.example.com/');
    const items = channel.item;
    expect(items.map((item) => item.title)).toEqual([
      'Derby day',
      'Inside the clinic',
      'Harbour reopens',
      'Old & forgotten',
    ]);
    const premium = items[1]!;
    expect(premium.link).toBe(`https://news.example.com/articles/${ids['Inside the clinic']}`);
    expect(premium.description).not.toContain('fourth sentence');
    expect(res.body).not.toContain(premiumSecret);
    expect(items[0]!.description).toContain('It ends with a fourth sentence.');
    expect(items[0]!['dc:creator']).toBe('Alice <Author>');
    expect(items[0]!.category).toEqual(['Valley Times', 'sports']);
    expect(items[0]!['media:content']['@_url']).toMatch(/^https:\/\/news\.example\.com\/uploads\//);
    expect(Date.parse(items[0]!.pubDate)).toBe(Date.parse(hoursAgo(1)));
  });

  it('filters by publisher and by tags', async () => {
    const byPublisher = await get('/rss.xml?publisher=the%20harbour%20herald');
    expect(byPublisher.body!.rss.channel.item.map((i) => i.title)).toEqual(['Harbour reopens']);
    expect(byPublisher.body!.rss.channel.title).toBe('Tribune: the harbour herald');
    const byTags = await get('/rss.xml?tags=sports,health');
    expect(byTags.body!.rss.channel.item.map((i) => i.title)).toEqual([
      'Derby day',
      'Inside the clinic',
    ]);
    const none = await get('/rss.xml?tags=nothing-like-this');
    expect(none.body!.rss.channel).not.toHaveProperty('item');
  });

  it('refuses a malformed filter with a 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/rss.xml?publisher=${'x'.repeat(500)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request' });
  });

  it('shows an article as soon as an admin approves it', async () => {
    const before = await get('/rss.xml');
    expect(before.body!.rss.channel.item.map((i) => i.title)).not.toContain('Still pending');
    const admin = await signUp(t.app, { name: 'Ada Admin' });
    await makeAdmin(t.app, admin.user.id);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${ids['Still pending']}`,
      headers: { cookie: admin.cookie },
      payload: { isApproved: true },
    });
    expect(res.statusCode).toBe(200);
    const after = await get('/rss.xml');
    expect(after.body!.rss.channel.item.map((i) => i.title)).toContain('Still pending');
  });

  it('is compressed for readers who accept it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/rss.xml',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
