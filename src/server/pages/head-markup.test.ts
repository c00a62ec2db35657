import { parse, type HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summary } from '../../web/head/summary.js';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp } from '#server/test/auth';
import { createArticle, createPublisher } from '#server/test/factories';
import { sourcePages } from '#server/test/pages';
import { withHandlers, xssCorpus } from '#server/test/xss-corpus';

/*
 * An article's page carries its author's text outside the page's body too: in the head's
 * Open Graph and description tags, which link previews read, and in its JSON-LD, which search
 * engines read. Each is read here from the raw HTML as they read it, for articles whose title
 * and text are each one of the corpus: the text typed, and no element or handler of its own.
 */

const site = 'https://news.example.com';
const authorName = '</script><img src=x onerror=alert(1)> "Ann"';
let t: TestApp;
const articles: { id: number; title: string; text: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({ publicUrl: site }, { pages: await sourcePages() });
  const db = t.app.database.db;
  const author = await signUp(t.app, { name: authorName });
  const publisher = await createPublisher(db, { name: '<svg onload=alert(1)> Herald' });
  for (const [i, text] of xssCorpus.entries()) {
    const title = `${text} #${i}`;
    const { id } = await createArticle(db, author.user.id, {
      title,
      description: text,
      publisherId: publisher.id,
    });
    articles.push({ id, title, text });
  }
});
afterAll(() => t.close());

async function articlePage(id: number): Promise<HTMLElement> {
  const res = await t.app.inject({ method: 'GET', url: `/articles/${id}` });
  expect(res.statusCode).toBe(200);
  return parse(res.body);
}

const meta = (doc: HTMLElement, key: string) =>
  doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');

describe("an article's page, its author's text in the head", () => {
  it('Open Graph and description tags: the text typed, and the page has no element of it', async () => {
    for (const { id, title, text } of articles) {
      const doc = await articlePage(id);
      expect(withHandlers(doc), title).toEqual([]);
      expect(doc.querySelectorAll('iframe, img[src="x"], body body'), title).toHaveLength(0);
      // Only the page's own scripts: the app, its state and the structured data.
      expect(
        doc.querySelectorAll('script').map((script) => script.getAttribute('type')),
        title,
      ).toEqual(['application/ld+json', 'application/json', 'module']);
      expect(doc.querySelector('title')?.textContent, title).toBe(`${title} | Tribune`);
      expect(meta(doc, 'og:title'), title).toBe(title);
      expect(meta(doc, 'og:image:alt'), title).toBe(title);
      expect(meta(doc, 'og:description'), title).toBe(summary(text));
      expect(meta(doc, 'description'), title).toBe(summary(text));
    }
  });

  it('JSON-LD: the text typed, in a script element no text can close', async () => {
    for (const { id, title, text } of articles) {
      const doc = await articlePage(id);
      const [script, ...others] = doc.querySelectorAll('script[type="application/ld+json"]');
      expect(others, title).toHaveLength(0);
      // A script's text is raw: no entity in it is decoded.
      const json = script!.rawText;
      expect(json, title).not.toContain('<');
      const data = JSON.parse(json) as {
        headline: string;
        description: string;
        author: { name: string }[];
      };
      expect(data.headline, title).toBe(title);
      expect(data.description, title).toBe(summary(text));
      expect(data.author, title).toEqual([{ '@type': 'Person', name: authorName }]);
    }
  });
});
