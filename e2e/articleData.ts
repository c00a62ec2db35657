import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import type { Article } from '../src/shared/articles.js';

/** GET /api/articles with `query`, as the test's own client: the page and the total. */
export async function listArticles(
  request: APIRequestContext,
  query: Record<string, string>,
): Promise<{ articles: Article[]; total: number }> {
  const response = await request.get(`/api/articles?${new URLSearchParams(query)}`);
  if (!response.ok()) throw new Error(`GET /api/articles: ${response.status()}`);
  return {
    articles: (await response.json()) as Article[],
    total: Number(response.headers()['x-total-count']),
  };
}

/** GET /api/articledetail/:id: the full article (views included). */
export async function readArticle(request: APIRequestContext, id: string): Promise<Article> {
  const response = await request.get(`/api/articledetail/${id}`);
  if (!response.ok()) throw new Error(`GET /api/articledetail/${id}: ${response.status()}`);
  return (await response.json()) as Article;
}

/** A small real landscape PNG for an article's picture. */
export async function pictureFile(name = 'picture.png') {
  const buffer = await sharp({
    create: { width: 64, height: 36, channels: 3, background: '#1d4f9f' },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

export function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
