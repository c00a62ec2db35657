import { XMLParser } from 'fast-xml-parser';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp } from '#server/test/auth';
import { createArticle, createPublisher } from '#server/test/factories';
import { expectWellFormedXml } from '#server/test/xml';
import { xssCorpus } from '#server/test/xss-corpus';

/*
 * What authors type reaches feed readers and crawlers as the characters they typed. RSS readers
 * render an item's description as HTML: a text escaped only once for XML arrives there as
 * markup, an image with a handler from any approved article. Each place is read here as its
 * reader reads it: the XML parsed, and a description then parsed as HTML.
 */

let t: TestApp;
const authorName = '<img src=x onerror=alert(1)> "Ann" & co';
const publisherName = '<svg onload=alert(1)> Herald';
/** Free articles' text goes into the feed whole: title and text are each one of the corpus. */
const texts = new Map<string, string>(xssCorpus.map((entry, i) => [`${entry} #${i}`, entry]));

// Numeric character references are XML too; fast-xml-parser decodes them only when asked.
const parser = new XMLParser({
  htmlEntities: true,
  trimValues: false,
  parseTagValue: false,
  isArray: (name) => ['url', 'item', 'category'].includes(name),
});

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://news.example.com' });
  const db = t.app.database.db;
  const author = await signUp(t.app, { name: authorName });
  const publisher = await createPublisher(db, { name: publisherName });
  for (const [title, description] of texts) {
    await createArticle(db, author.user.id, { title, description, publisherId: publisher.id });
  }
});
afterAll(() => t.close());

interface Item {
  title: string;
  description: string;
  'dc:creator': string;
  category: string[];
}
interface Rss {
  rss: { channel: { title: string; description: string; item?: Item[] } };
}

async function xml<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  expectWellFormedXml(res.body, url);
  return parser.parse(res.body) as T;
}

/** What a feed reader makes of a description: HTML, of which it shows the text. */
function expectHtmlText(html: string, text: string, what: string): void {
  const root = parse(html);
  expect(
    root.querySelectorAll('*').map((element) => element.outerHTML),
    `${what}: elements`,
  ).toEqual([]);
  expect(root.textContent, what).toBe(text);
}

describe("authors' text in the feeds", () => {
  it('RSS item descriptions: the text typed, read as HTML, holds no element', async () => {
    const items = (await xml<Rss>('/rss.xml')).rss.channel.item!;
    expect(items).toHaveLength(texts.size);
    for (const item of items) {
      expectHtmlText(item.description, texts.get(item.title)!, item.title);
    }
  });

  it("RSS channel description: a filter's text, read as HTML, holds no element", async () => {
    for (const entry of xssCorpus) {
      const url = `/rss.xml?publisher=${encodeURIComponent(entry)}`;
      const { channel } = (await xml<Rss>(url)).rss;
      expectHtmlText(channel.description, `The latest articles in Tribune: ${entry}`, url);
      expect(channel.title, url).toBe(`Tribune: ${entry}`);
    }
  });

  it('RSS titles, authors and categories: plain text, equal to what was typed', async () => {
    const items = (await xml<Rss>('/rss.xml')).rss.channel.item!;
    expect(items.map((item) => item.title).sort()).toEqual([...texts.keys()].sort());
    for (const item of items) {
      expect(item['dc:creator']).toBe(authorName);
      expect(item.category).toEqual([publisherName, 'politics']);
    }
  });

  it("the Google News sitemap's titles: plain text, equal to what was typed", async () => {
    const news = await xml<{ urlset: { url: { 'news:news': { 'news:title': string } }[] } }>(
      '/news-sitemap.xml',
    );
    expect(news.urlset.url.map((url) => url['news:news']['news:title']).sort()).toEqual(
      [...texts.keys()].sort(),
    );
  });
});
