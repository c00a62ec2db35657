import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp } from '#server/test/auth';
import { createArticle, createPublisher } from '#server/test/factories';
import { expectWellFormedXml } from '#server/test/xml';

/*
 * The API refuses control characters in what people write, but rows written before it did, a
 * name from Google's sign-in and the feeds' own query parameters can still hold them. XML
 * cannot carry them at all: one in a title would make the document unreadable for every
 * subscriber. Every feed and sitemap stays well-formed, without them.
 */

/**
 * Every character XML 1.0 forbids that a database stores: the C0 controls but tab and line
 * breaks, U+FFFE and U+FFFF. NUL is left out: PostgreSQL's text cannot hold it.
 */
const forbidden =
  Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code))
    .filter((char) => !'\0\t\n\r'.includes(char))
    .join('') + '\ufffe\uffff';

let t: TestApp;
const parser = new XMLParser({
  isArray: (name) => ['url', 'sitemap', 'item', 'category'].includes(name),
});

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://news.example.com' });
  const db = t.app.database.db;
  // Written straight into the database, as the API would no longer take them.
  const author = await signUp(t.app, { name: 'Alice Author' });
  await db
    .updateTable('user')
    .set({ name: `Alice${forbidden}Author` })
    .where('id', '=', author.user.id)
    .execute();
  const herald = await createPublisher(db, { name: `Harbour${forbidden}Herald` });
  await createArticle(db, author.user.id, {
    title: `Storm${forbidden}warning`,
    description: `Wind${forbidden} and rain.\n\nThe ferry stays in port.`,
    publisherId: herald.id,
    tags: ['politics', `wea${forbidden}ther`],
  });
  await createArticle(db, author.user.id, {
    title: `Premium${forbidden}storm`,
    description: `One${forbidden}. Two. Three. Four. Five. Six.`,
    publisherId: herald.id,
    isPremium: true,
  });
});
afterAll(() => t.close());

async function document(url: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  expectWellFormedXml(res.body, url);
  return res.body;
}

describe('XML documents with control characters in the rows and the query', () => {
  it('every sitemap the index names, the index and the news sitemap are well-formed', async () => {
    const index = parser.parse(await document('/sitemap.xml')) as {
      sitemapindex: { sitemap: { loc: string }[] };
    };
    const parts = index.sitemapindex.sitemap.map((s) => new URL(s.loc).pathname);
    expect(parts).toContain('/sitemaps/articles-1.xml');
    for (const part of parts) await document(part);

    const news = parser.parse(await document('/news-sitemap.xml')) as {
      urlset: { url: { 'news:news': { 'news:title': string } }[] };
    };
    expect(news.urlset.url.map((url) => url['news:news']['news:title'])).toEqual([
      'Premiumstorm',
      'Stormwarning',
    ]);
  });

  it('the RSS feed, whole and filtered, is well-formed, with the rest of the text kept', async () => {
    const feed = parser.parse(await document('/rss.xml')) as {
      rss: {
        channel: {
          item: { title: string; description: string; 'dc:creator': string; category: string[] }[];
        };
      };
    };
    const storm = feed.rss.channel.item.find((item) => item.title === 'Stormwarning');
    expect(storm).toMatchObject({
      description: 'Wind and rain.\n\nThe ferry stays in port.',
      'dc:creator': 'AliceAuthor',
      category: ['HarbourHerald', 'politics', 'weather'],
    });
    expect(feed.rss.channel.item.map((item) => item.title)).toContain('Premiumstorm');

    for (const query of [
      `publisher=${encodeURIComponent(`harbour${forbidden}`)}`,
      `tags=${encodeURIComponent(`wea${forbidden}ther`)}`,
      'publisher=%01',
      'tags=%0B,%1F',
      `publisher=${encodeURIComponent(forbidden)}&tags=${encodeURIComponent(forbidden)}`,
    ]) {
      await document(`/rss.xml?${query}`);
    }
  });
});
