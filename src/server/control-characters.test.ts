import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';
import { makeAdmin, signUp, type TestUser } from './test/auth.js';
import {
  createArticle,
  createPublisher,
  recordSavedImages,
  uploadedImageUrl,
} from './test/factories.js';

/*
 * Names, titles, articles' texts and publishers' names refuse control characters, which no one
 * types and which XML (the feeds, the sitemaps) cannot carry: 400 with a message naming the
 * field, and nothing written. Each is tried as the role that may write it.
 */

let t: TestApp;
let author: TestUser;
let admin: TestUser;
let publisher: string;
let pendingId: number;
let publishedId: number;
let photo: Buffer;
const image = uploadedImageUrl(1);

/** One of each kind a one-line field refuses. */
const inLine = ['\u0000', '\u0001', '\u0008', '\t', '\n', '\r', '\u001f', '\u007f', '\u0085'];
/** What a text of several lines refuses besides: none of tab, line feed or carriage return. */
const inText = [
  '\u0000',
  '\u0001',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u007f',
  '\u009f',
  '\ufffe',
  '\uffff',
  '\ud800',
  '\udfff',
];
/** Refused everywhere; a form (multipart) cannot carry the unpaired surrogates, only JSON. */
const noncharacters = ['\ufffe', '\uffff'];
const oddOnes = [...noncharacters, '\ud800', '\udc00x'];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.database.db;
  author = await signUp(t.app, { name: 'Alice Author' });
  admin = await signUp(t.app, { name: 'Ada Admin' });
  await makeAdmin(t.app, admin.user.id);
  publisher = (await createPublisher(db, { name: 'The Harbour Herald' })).name;
  await recordSavedImages(db, image);
  pendingId = (await createArticle(db, author.user.id, { isApproved: false })).id;
  publishedId = (await createArticle(db, author.user.id)).id;
  photo = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

/** Every row a refused write must leave as it was. */
async function everyRow(): Promise<string> {
  const tables = ['user', 'article', 'article_tag', 'article_revision', 'publisher'];
  const parts = await Promise.all(
    tables.map(async (table) => {
      const { rows } = await sql<
        Record<string, unknown>
      >`select * from ${sql.table(table)}`.execute(t.app.database.db);
      return rows.map((row) => JSON.stringify(row)).sort();
    }),
  );
  return JSON.stringify(parts);
}

const articleBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Harbour reopens',
  publisher,
  tags: ['business'],
  description: 'The harbour opened again on Monday.',
  image,
  ...overrides,
});

function form(fields: Record<string, string>, file?: Buffer) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (file) data.append('photo', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'me.png');
  return data;
}

let address = 0;
/** Sends a request that must be refused with `message`, and checks that nothing changed. */
async function expectRefused(request: InjectOptions, message: string): Promise<void> {
  const before = await everyRow();
  address += 1;
  const res = await t.app.inject({ remoteAddress: `10.9.0.${address % 250}`, ...request });
  const described = `${String(request.method)} ${String(request.url)}: ${res.body}`;
  expect(res.statusCode, described).toBe(400);
  expect(res.json(), described).toMatchObject({ error: 'bad_request' });
  expect(res.json().message, described).toMatch(new RegExp(`${message}$`));
  expect(await everyRow(), described).toBe(before);
}

const json = (
  method: 'POST' | 'PUT',
  url: string,
  cookie: string,
  payload: object,
): InjectOptions => ({
  method,
  url,
  headers: { cookie },
  payload,
});

describe('names refuse control characters', () => {
  it('on registration (a guest)', async () => {
    for (const [i, char] of [...inLine, ...noncharacters].entries()) {
      await expectRefused(
        {
          method: 'POST',
          url: '/api/register',
          payload: form(
            { name: `Nadia${char}Reader`, email: `nadia${i}@example.com`, password: 'Secret1' },
            photo,
          ),
        },
        'Name must not contain control characters',
      );
    }
  });

  it("on a profile update (the account's owner)", async () => {
    for (const char of [...inLine, ...noncharacters]) {
      await expectRefused(
        {
          method: 'PATCH',
          url: '/api/users/me',
          headers: { cookie: author.cookie },
          payload: form({ name: `Alice${char}Author` }),
        },
        'Name must not contain control characters',
      );
    }
  });
});

describe("articles' fields refuse control characters", () => {
  const writes = () => [
    // A new article, an edit of a pending one and of a published one (a revision), by its
    // author; an admin's edit.
    { method: 'POST' as const, url: '/api/articles', cookie: author.cookie },
    { method: 'PUT' as const, url: `/api/articles/${pendingId}`, cookie: author.cookie },
    { method: 'PUT' as const, url: `/api/articles/${publishedId}`, cookie: author.cookie },
    { method: 'PUT' as const, url: `/api/articles/${pendingId}`, cookie: admin.cookie },
  ];

  it('in the title', async () => {
    for (const { method, url, cookie } of writes()) {
      for (const char of [...inLine, ...oddOnes]) {
        await expectRefused(
          json(method, url, cookie, articleBody({ name: `Harbour${char}reopens` })),
          'Title must not contain control characters',
        );
      }
    }
  });

  it('in the text, which keeps its tabs and line breaks', async () => {
    for (const { method, url, cookie } of writes()) {
      for (const char of inText) {
        await expectRefused(
          json(method, url, cookie, articleBody({ description: `It opened.${char} Boats came.` })),
          'Description must not contain control characters',
        );
      }
    }
    const text = 'First paragraph.\r\n\r\nSecond\tparagraph.\nThird.';
    const res = await t.app.inject(
      json('PUT', `/api/articles/${pendingId}`, author.cookie, articleBody({ description: text })),
    );
    expect(res.statusCode, res.body).toBe(200);
    const stored = await t.app.database.db
      .selectFrom('article')
      .select('description')
      .where('id', '=', pendingId)
      .executeTakeFirstOrThrow();
    // The description is the body's plain text: its tabs and line breaks kept, a Windows line
    // end read as one.
    expect(stored.description).toBe(text.replaceAll('\r\n', '\n'));
  });

  it('in the publisher and the tags', async () => {
    for (const { method, url, cookie } of writes()) {
      await expectRefused(
        json(method, url, cookie, articleBody({ publisher: `${publisher}\u0001` })),
        'Publisher must not contain control characters',
      );
      await expectRefused(
        json(method, url, cookie, articleBody({ tags: ['business\u0001'] })),
        'Tags must be among: .*',
      );
    }
  });
});

describe("publishers' names refuse control characters", () => {
  it('when an admin adds one', async () => {
    for (const char of [...inLine, ...oddOnes]) {
      await expectRefused(
        json('POST', '/api/publisher', admin.cookie, {
          publisher: `Valley${char}Times`,
          publisherLogo: image,
        }),
        'Publisher name must not contain control characters',
      );
    }
  });
});
