import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Article } from '#shared/articles';
import { createQueryClient } from './queryClient';
import { articleKeys, findListedArticle, getArticles, isPastTheEnd } from './articles';

afterEach(() => {
  vi.unstubAllGlobals();
});

const article = (id: string) => ({ _id: id, name: `Article ${id}` }) as Article;

/** Answers every list request with `articles` (and the total, if given); records the URLs. */
function serveList(articles: Article[], total?: string) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    urls.push(url);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (total !== undefined) headers['X-Total-Count'] = total;
    return Promise.resolve(new Response(JSON.stringify(articles), { headers }));
  });
  return urls;
}

describe('the list query getArticles sends', () => {
  it('carries every filter set, in the order given', async () => {
    const urls = serveList([]);
    await getArticles({
      isApproved: true,
      title: 'rain',
      publisher: 'Courier',
      page: 2,
      limit: 12,
    });
    expect(urls).toEqual([
      '/api/articles?isApproved=true&title=rain&publisher=Courier&page=2&limit=12',
    ]);
  });

  it('leaves out empty and blank fields (an empty search box)', async () => {
    const urls = serveList([]);
    await getArticles({ isApproved: true, title: '   ', publisher: '', tags: [], page: 1 });
    expect(urls).toEqual(['/api/articles?isApproved=true&page=1']);
  });

  it('trims text and joins the tags with commas', async () => {
    const urls = serveList([]);
    await getArticles({ title: '  city hall ', tags: ['sports', 'health'] });
    expect(new URL(urls[0]!, 'http://x').searchParams.get('title')).toBe('city hall');
    expect(new URL(urls[0]!, 'http://x').searchParams.get('tags')).toBe('sports,health');
  });

  it("asks for one's own articles by email, and false as well as true", async () => {
    const urls = serveList([]);
    await getArticles({ email: 'rita@example.com', isPremium: false });
    expect(urls).toEqual(['/api/articles?email=rita%40example.com&isPremium=false']);
  });
});

describe('the page getArticles answers', () => {
  it('holds the articles and the total the server counted', async () => {
    serveList([article('1'), article('2')], '57');
    expect(await getArticles({})).toEqual({ articles: [article('1'), article('2')], total: 57 });
  });

  it("counts the articles themselves when the total header is missing or isn't a number", async () => {
    serveList([article('1')]);
    expect((await getArticles({})).total).toBe(1);
    serveList([article('1'), article('2')], 'many');
    expect((await getArticles({})).total).toBe(2);
  });
});

describe('isPastTheEnd', () => {
  it('is a page from 2 on with nothing on it', () => {
    expect(isPastTheEnd({ articles: [], total: 10 }, 2)).toBe(true);
    expect(isPastTheEnd({ articles: [article('1')], total: 13 }, 2)).toBe(false);
  });

  it('is never the first page, even empty (nothing matched)', () => {
    expect(isPastTheEnd({ articles: [], total: 0 }, 1)).toBe(false);
    expect(isPastTheEnd({ articles: [], total: 0 })).toBe(false);
  });
});

describe('the article keys', () => {
  it("file lists and details under articles, and an article's reading under its detail", () => {
    const list = articleKeys.list({ page: 1 });
    const reading = articleKeys.reading('7');
    expect(list.slice(0, 2)).toEqual([...articleKeys.lists()]);
    expect(reading.slice(0, 3)).toEqual([...articleKeys.detail('7')]);
    expect(articleKeys.detail('7').slice(0, 1)).toEqual([...articleKeys.all]);
  });
});

describe('findListedArticle', () => {
  it('finds an article in any list already loaded', () => {
    const client = createQueryClient();
    client.setQueryData(articleKeys.list({ page: 1 }), { articles: [article('1')], total: 2 });
    client.setQueryData(articleKeys.list({ page: 2 }), { articles: [article('2')], total: 2 });
    expect(findListedArticle(client, '2')).toEqual(article('2'));
  });

  it('finds nothing when no list holds it', () => {
    const client = createQueryClient();
    client.setQueryData(articleKeys.list({ page: 1 }), { articles: [article('1')], total: 1 });
    client.setQueryData(articleKeys.detail('9'), article('9'));
    expect(findListedArticle(client, '9')).toBeUndefined();
  });
});
