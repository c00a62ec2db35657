import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '#shared/articles';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp } from '#server/test/auth';
import { createArticle, createPublisher } from '#server/test/factories';
import {
  compressThreshold,
  installAnswerCompression,
  sendShared,
  sharedText,
} from './compress-answers.js';

let t: TestApp;
let articleId: number;
const longText = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} of the story.`).join(
  ' ',
);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.database.db;
  const author = await signUp(t.app);
  const { id: publisherId } = await createPublisher(db);
  for (let i = 0; i < 12; i += 1) {
    articleId = (await createArticle(db, author.user.id, { publisherId, description: longText }))
      .id;
  }
});
afterAll(() => t.close());

const get = (url: string, encoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
  });

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  deflate: inflateSync,
};

describe('compressed answers', () => {
  const list = '/api/articles?limit=12';

  it('sends a list in the best encoding the reader accepts, the same JSON inside', async () => {
    const plain = await get(list);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(compressThreshold);
    const articles = plain.json<Article[]>();
    expect(articles).toHaveLength(12);

    for (const [accepted, chosen] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['deflate', 'deflate'],
      ['br;q=0.5, gzip', 'gzip'],
    ] as const) {
      const res = await get(list, accepted);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(chosen);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['x-total-count']).toBe('12');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decoders[chosen]!(res.rawPayload).toString())).toEqual(articles);
    }
  });

  it('sends a shared answer in gzip to its first reader and in Brotli from its second', async () => {
    // A server of its own: the app's kept answers may be read again at any moment (a change
    // notice), which would make a new shared answer between two requests.
    const server = Fastify();
    installAnswerCompression(server);
    const answer = sharedText(longText);
    server.get('/shared', (_request, reply) => sendShared(reply, answer, 'text/plain'));
    const ask = () =>
      server.inject({ url: '/shared', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    try {
      const first = await ask();
      expect(first.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(first.rawPayload).toString()).toBe(longText);
      for (const later of [await ask(), await ask()]) {
        expect(later.headers['content-encoding']).toBe('br');
        expect(brotliDecompressSync(later.rawPayload).toString()).toBe(longText);
      }
      expect([...answer.encoded.keys()]).toEqual(['gzip', 'br']);
    } finally {
      await server.close();
    }
  });

  it('sends as it is what the reader cannot decode', async () => {
    const res = await get(list, 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json<Article[]>()).toHaveLength(12);
  });

  it('compresses answers made for one request too, preferring gzip (cheaper to make)', async () => {
    const res = await get(`/api/articledetail/${articleId}`, 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    const article = JSON.parse(gunzipSync(res.rawPayload).toString()) as Article;
    expect(article.description).toBe(longText);
  });

  it('compresses large answers too (off the main thread)', async () => {
    const db = t.app.database.db;
    const author = await signUp(t.app);
    const publisher = await createPublisher(db, { name: 'Long Reads' });
    const longSentence = `${'A very long sentence about the harbour '.repeat(40)}ends here.`;
    for (let i = 0; i < 50; i += 1) {
      await createArticle(db, author.user.id, {
        publisherId: publisher.id,
        description: [longSentence, longSentence, longSentence].join(' '),
      });
    }
    const url = '/api/articles?publisher=Long%20Reads&limit=50';
    const plain = await get(url);
    expect(plain.rawPayload.length).toBeGreaterThan(64 * 1024);
    const res = await get(url, 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers alone', async () => {
    const res = await get('/api/health/live', 'gzip, br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers errors as JSON, compressed or not', async () => {
    const res = await get('/api/articledetail/999999', 'gzip, br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });
});
