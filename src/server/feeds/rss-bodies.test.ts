import { XMLParser } from 'fast-xml-parser';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleBody, BodyBlock } from '#shared/article-body/schema';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp } from '#server/test/auth';
import { createArticle } from '#server/test/factories';
import { expectWellFormedXml } from '#server/test/xml';
import { xssCorpus } from '#server/test/xss-corpus';

/*
 * The feed carries each story's body as HTML our renderer writes (`content:encoded`): a free
 * article whole, a premium one's free part alone, and an author's text never as markup.
 */

let t: TestApp;
const secret = 'Only subscribers learn how the night ends.';
const text = (value: string, marks?: object[]) => ({
  type: 'text',
  text: value,
  ...(marks && { marks }),
});
const paragraph = (...content: object[]) => ({ type: 'paragraph', content });
const doc = (...content: object[]) => ({ type: 'doc', content }) as ArticleBody;

const parser = new XMLParser({
  htmlEntities: true,
  trimValues: false,
  parseTagValue: false,
  isArray: (name) => name === 'item',
});

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://news.example.com' });
  const db = t.app.database.db;
  const author = await signUp(t.app, { name: 'Feed Author' });
  await createArticle(db, author.user.id, {
    title: 'Free story',
    body: doc(
      { type: 'heading', attrs: { level: 2 }, content: [text('The facts')] },
      paragraph(
        text('See '),
        text('the source', [{ type: 'link', attrs: { href: 'https://source.example/' } }]),
      ),
      ...(xssCorpus.map((attack) => paragraph(text(attack))) as BodyBlock[]),
    ),
  });
  await createArticle(db, author.user.id, {
    title: 'Premium story',
    isPremium: true,
    body: doc(
      paragraph(text('The clinic opens at dawn, its doctors say.')),
      paragraph(text(`${'More of the story follows here. '.repeat(12)}${secret}`)),
      paragraph(text('The end.')),
    ),
  });
});
afterAll(() => t.close());

async function items() {
  const res = await t.app.inject('/rss.xml');
  expectWellFormedXml(res.body);
  const feed = parser.parse(res.body) as {
    rss: { channel: { item: { title: string; 'content:encoded'?: string }[] } };
  };
  return { body: res.body, items: feed.rss.channel.item };
}

describe('content:encoded', () => {
  it('carries a free article’s body as our HTML, where no author’s text is markup', async () => {
    const { items: all } = await items();
    const html = all.find((item) => item.title === 'Free story')?.['content:encoded'] ?? '';
    const root = parse(html);
    expect(root.querySelector('h2')?.textContent).toBe('The facts');
    expect(root.querySelector('a')?.getAttribute('href')).toBe('https://source.example/');
    expect(root.querySelector('a')?.getAttribute('rel')).toBe('nofollow ugc noopener');
    expect(root.querySelectorAll('script, img, svg, iframe')).toHaveLength(0);
    for (const attack of xssCorpus) expect(root.textContent).toContain(attack);
  });

  it('carries only the free part of a premium article', async () => {
    const { body, items: all } = await items();
    expect(body).not.toContain(secret);
    const html = all.find((item) => item.title === 'Premium story')?.['content:encoded'] ?? '';
    expect(parse(html).querySelectorAll('p')).toHaveLength(1);
    expect(html).toContain('The clinic opens at dawn');
  });
});
