import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';
import { makeAdmin, signIn, signUp, type TestUser } from './test/auth.js';
import { createArticle, createPublisher } from './test/factories.js';

/**
 * No input makes the server fail: generated malformed requests (wrong types, deep nesting, huge
 * and odd strings, prototype keys, bad ids, broken multipart) go to every write endpoint the
 * OpenAPI document lists, better-auth's own routes, the lists' and searches' parameters, and
 * path parameters of any length and bytes on every route the app registered with one.
 * None may answer 5xx, and none that is refused may change a row. The seed is fixed, so a run
 * is repeatable; a failure prints the request that caused it.
 */
const seed = 20_261_123;
const runsPerEndpoint = 120;

let t: TestApp;
let admin: TestUser;
let reader: TestUser;
let articleId: number;

/** better-auth's routes: those the app uses, and some it must keep closed. */
const authRoutes = [
  'sign-in/email',
  'sign-in/social',
  'sign-out',
  'sign-up/email',
  'update-user',
  'change-password',
  'change-email',
  'delete-user',
  'forget-password',
  'reset-password',
  'revoke-sessions',
  'link-social',
];

/** Tables whose rows a refused request must leave as they were. */
const watchedTables = [
  'user',
  'account',
  'article',
  'article_tag',
  'publisher',
  'subscription',
  'payment',
] as const;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app, { name: 'Ada Admin' });
  await makeAdmin(t.app, admin.user.id);
  reader = await signUp(t.app, { name: 'Rita Reader' });
  const publisher = await createPublisher(t.app.database.db, { name: 'The Harbour Herald' });
  articleId = (
    await createArticle(t.app.database.db, reader.user.id, { publisherId: publisher.id })
  ).id;
});

afterAll(() => t?.close());

/** A fingerprint of every watched row: equal before and after means nothing changed. */
async function fingerprint(): Promise<string> {
  const db = t.app.database.db;
  const parts = await Promise.all(
    watchedTables.map(async (table) => {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
        db,
      );
      return JSON.stringify(
        rows.rows.map((row) => JSON.stringify(row, (_key, value: unknown) => value ?? null)).sort(),
      );
    }),
  );
  return parts.join('\n');
}

const hugeMark = '\u0001huge:';
const nestMark = '\u0001nest:';
/**
 * Turns a short mark made by the generators into the huge or deeply nested text it stands for,
 * so that a failure prints the mark, not megabytes.
 */
function expand(text: string): string {
  if (text.startsWith(hugeMark)) return 'x'.repeat(Number(text.slice(hugeMark.length)));
  if (!text.startsWith(nestMark)) return text;
  const [open, depth, balanced] = text.slice(nestMark.length).split(':');
  const n = Number(depth);
  if (open === '[') return '['.repeat(n) + (balanced === 'true' ? ']'.repeat(n) : '');
  return '{"a":'.repeat(n) + '1' + (balanced === 'true' ? '}'.repeat(n) : '');
}
const expandValues = (_key: string, value: unknown) =>
  typeof value === 'string' ? expand(value) : value;

/** Lone surrogates become U+FFFD, as a browser's URL encoding would make them. */
const wellFormed = (text: string) => Buffer.from(text).toString();

const prototypeKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
const oddStrings = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom('', ' ', '\u0000', '\uffff', '\ud800', '%00', '../../etc/passwd', "' OR 1=1 --"),
  fc.constantFrom(...prototypeKeys),
  // A huge string, written short so that a failure prints it short (see expand below).
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => `${hugeMark}${n}`),
);
const leaf = fc.oneof(
  oddStrings,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308),
);
const value = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string(), fc.constantFrom(...prototypeKeys)), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;

/** The fields the app's forms and bodies name, so values reach the validators behind them. */
const knownKeys = fc.constantFrom(
  'name',
  'email',
  'password',
  'image',
  'photo',
  'title',
  'publisher',
  'tags',
  'description',
  'isApproved',
  'isPremium',
  'isAdmin',
  'adminMessage',
  'plan',
  'paymentIntentId',
  'card',
  'provider',
  'callbackURL',
  'logo',
);
/** A body as generated: a value to send as JSON, or raw text (short marks expanded when sent). */
type Payload = { json: unknown } | { text: string };
const payload: fc.Arbitrary<Payload> = fc.oneof(
  value.map((json) => ({ json })),
  fc.dictionary(knownKeys, value, { maxKeys: 6 }).map((json) => ({ json })),
  // Deep nesting, balanced (valid JSON) or not.
  fc
    .tuple(fc.constantFrom('[', '{'), fc.integer({ min: 100, max: 20_000 }), fc.boolean())
    .map(([open, depth, balanced]) => ({ text: `${nestMark}${open}:${depth}:${balanced}` })),
  fc
    .constantFrom('{', '{"name":', 'null', '[]', '"text"', '{"__proto__":{"isAdmin":true}}')
    .map((text) => ({ text })),
  fc.string().map((text) => ({ text })),
);

function serialize(body: Payload): string {
  return 'json' in body ? (JSON.stringify(body.json, expandValues) ?? 'null') : expand(body.text);
}

/** Raw bodies: JSON that is not quite, or not at all, with whatever content type. */
const rawBody = fc.record({
  payload,
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'multipart/form-data; boundary=x',
    'application/octet-stream',
  ),
});

/** Multipart forms whose parts, boundaries or sizes are wrong (built when sent). */
const multipartForm = fc.record({
  fields: fc.array(fc.tuple(fc.oneof(knownKeys, fc.string()), oddStrings), { maxLength: 25 }),
  file: fc.option(
    fc.record({
      field: fc.oneof(knownKeys, fc.string({ maxLength: 10 })),
      bytes: fc.uint8Array({ maxLength: 2_000 }),
      type: fc.constantFrom('image/png', 'image/webp', 'text/html', 'application/x-msdownload'),
    }),
  ),
  breakage: fc.constantFrom('none', 'truncate', 'wrong-boundary', 'no-end'),
});
type MultipartForm = typeof multipartForm extends fc.Arbitrary<infer T> ? T : never;

function multipart({ fields, file, breakage }: MultipartForm) {
  const boundary = 'fuzzboundary';
  const part = (disposition: string) =>
    `--${boundary}\r\ncontent-disposition: form-data; ${disposition.replace(/[\r\n]/g, '')}\r\n`;
  const chunks: Buffer[] = [];
  for (const [name, text] of fields) {
    chunks.push(Buffer.from(`${part(`name="${name.replace(/"/g, '')}"`)}\r\n${expand(text)}\r\n`));
  }
  if (file) {
    const name = file.field.replace(/"/g, '');
    chunks.push(
      Buffer.from(`${part(`name="${name}"; filename="x.png"`)}content-type: ${file.type}\r\n\r\n`),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  if (breakage !== 'no-end') chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(chunks);
  return {
    payload: breakage === 'truncate' ? body.subarray(0, Math.floor(body.length / 2)) : body,
    contentType: `multipart/form-data; boundary=${breakage === 'wrong-boundary' ? 'other' : boundary}`,
  };
}

/** What a generated request carries: nothing, a raw body, or a multipart form. */
type Body =
  undefined | { raw: { payload: Payload; contentType: string } } | { form: MultipartForm };

function encode(body: Body): { payload?: string | Buffer; contentType?: string } {
  if (body === undefined) return {};
  if ('form' in body) return multipart(body.form);
  return { payload: serialize(body.raw.payload), contentType: body.raw.contentType };
}

/** Path ids: a real one, and everything an id is not. */
const idSegment = fc.oneof(
  fc.constant('REAL'),
  fc.constantFrom('0', '-1', '1.5', '1e9', 'abc', '%00', '%2e%2e', '99999999999999999999', ' 1'),
  fc.string({ maxLength: 30 }).map((s) => encodeURIComponent(s) || 'x'),
);

const callers = fc.constantFrom('guest', 'reader', 'admin');

/** Bytes as they go into an address: unreserved characters as they are, the rest %XX. */
function percentEncoded(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => {
    const char = String.fromCharCode(byte);
    return /[\w.~-]/.test(char) ? char : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`;
  }).join('');
}

/**
 * A path parameter of 10 to 10,000 bytes: a pattern of any bytes (broken UTF-8, slashes, NULs)
 * or of digits (an id of the right kind but of no possible length), repeated to the length. The
 * pattern and the length are what a failure prints, not the whole parameter.
 */
const longSegment = fc
  .tuple(
    fc.oneof(fc.uint8Array({ minLength: 1, maxLength: 64 }), fc.constant(Uint8Array.of(0x39))),
    fc.integer({ min: 10, max: 10_000 }),
  )
  .map(([pattern, length]) => ({ pattern, length }));

function segmentOf({ pattern, length }: { pattern: Uint8Array; length: number }): string {
  return percentEncoded(Uint8Array.from({ length }, (_, i) => pattern[i % pattern.length]!));
}

/** A route the app serves and the methods it answers there. */
interface Route {
  path: string;
  methods: string[];
}

/**
 * Every route the app registered, read from its printed tree (`├── /segment (GET, HEAD)`, each
 * level four characters further in, its path the rest of its parent's), so that a route added
 * later is covered without being named here.
 */
function routesOf(tree: string): Route[] {
  const routes: Route[] = [];
  const paths: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (paths[depth - 1] ?? '') + match[2]!;
    paths.splice(depth, paths.length, path);
    if (match[3]) routes.push({ path, methods: match[3].split(', ') });
  }
  return routes;
}

/** The routes with a parameter in their path, each method apart. */
function parameterRoutes(): { method: string; path: string }[] {
  return routesOf(t.app.printRoutes({ commonPrefix: false }))
    .filter((route) => route.path.includes('/:'))
    .flatMap((route) => route.methods.map((method) => ({ method, path: route.path })));
}

const withParameter = (path: string, value: string) => path.replace(/:\w+/g, value);

interface Endpoint {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
}

async function writeEndpoints(): Promise<Endpoint[]> {
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const endpoints: Endpoint[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const method of Object.keys(operations)) {
      const upper = method.toUpperCase();
      if (upper === 'POST' || upper === 'PUT' || upper === 'PATCH' || upper === 'DELETE') {
        endpoints.push({ method: upper, path });
      }
    }
  }
  endpoints.push({ method: 'POST', path: '/api/payments/webhook' });
  for (const route of authRoutes) endpoints.push({ method: 'POST', path: `/api/auth/${route}` });
  return endpoints;
}

function realPath(template: string, id: string): string {
  const replacement = id === 'REAL' ? String(articleId) : id;
  return template.replace(/\{[^}]+\}/g, replacement);
}

function cookieOf(caller: string): Record<string, string> {
  if (caller === 'admin') return { cookie: admin.cookie };
  if (caller === 'reader') return { cookie: reader.cookie };
  return {};
}

/** Fuzzing better-auth's sign-out ends the callers' sessions: they sign in again. */
async function signInAgain(): Promise<void> {
  admin = { ...admin, cookie: await signIn(t.app, admin.user.email, admin.password) };
  reader = { ...reader, cookie: await signIn(t.app, reader.user.email, reader.password) };
}

async function check(request: InjectOptions): Promise<void> {
  const before = await fingerprint();
  const res = await t.app.inject(request);
  const url = String(request.url);
  const shown = url.length > 300 ? `${url.slice(0, 300)}… (${url.length} characters)` : url;
  const described = `${request.method} ${shown} → ${res.statusCode} ${res.body.slice(0, 200)}`;
  expect(res.statusCode, described).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(await fingerprint(), `a refused request changed rows: ${described}`).toBe(before);
    // A HEAD request's answer has the headers of a JSON error but no body.
    if (res.body && res.headers['content-type']?.toString().startsWith('application/json')) {
      expect(res.json(), described).toMatchObject({ error: expect.any(String) });
    }
  }
}

describe('malformed requests', () => {
  it('never answer 5xx nor change a row on any write endpoint', async () => {
    const endpoints = await writeEndpoints();
    expect(endpoints.length).toBeGreaterThan(15);
    for (const endpoint of endpoints) {
      await fc.assert(
        fc.asyncProperty(
          callers,
          idSegment,
          fc.oneof(
            { weight: 3, arbitrary: rawBody.map((raw): Body => ({ raw })) },
            { weight: 2, arbitrary: multipartForm.map((form): Body => ({ form })) },
            { weight: 1, arbitrary: fc.constant<Body>(undefined) },
          ),
          async (caller, id, body) => {
            const { payload, contentType } = encode(body);
            await check({
              method: endpoint.method,
              url: realPath(endpoint.path, id),
              headers: {
                ...cookieOf(caller),
                origin: t.config.publicUrl,
                ...(contentType ? { 'content-type': contentType } : {}),
              },
              payload,
            });
          },
        ),
        { seed, numRuns: runsPerEndpoint, endOnFailure: true },
      );
    }
  }, 240_000);

  it('never answer 5xx nor change a row for path parameters of any length and bytes, on every route with one', async () => {
    await signInAgain();
    const routes = parameterRoutes();
    expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/articledetail/:id',
        'PUT /api/articles/:id',
        'GET /api/articles/:id/reading',
        'PATCH /api/users/:id',
        'GET /sitemaps/:file',
      ]),
    );
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          callers,
          longSegment,
          // The address may go on past the parameter.
          fc.constantFrom('', '/', '/more'),
          // Bodies a write route would take, so that some requests reach the handler.
          fc.constantFrom(undefined, { isApproved: true }, { isAdmin: true }),
          async (caller, segment, rest, body) => {
            const hasBody = body !== undefined && route.method !== 'GET' && route.method !== 'HEAD';
            await check({
              method: route.method as InjectOptions['method'],
              url: withParameter(route.path, segmentOf(segment)) + rest,
              headers: { ...cookieOf(caller), origin: t.config.publicUrl },
              ...(hasBody ? { payload: body } : {}),
            });
          },
        ),
        { seed, numRuns: 30, endOnFailure: true },
      );
    }
  }, 240_000);

  it('answer a path parameter past 100 characters as they answer any unknown one', async () => {
    await signInAgain();
    for (const { method, path } of parameterRoutes()) {
      const request = (value: string) =>
        t.app.inject({
          method: method as InjectOptions['method'],
          url: withParameter(path, value),
          headers: { cookie: admin.cookie, origin: t.config.publicUrl },
        });
      const unknown = await request('unknown');
      for (const length of [101, 10_000]) {
        const res = await request('x'.repeat(length));
        const described = `${method} ${path} with ${length} characters → ${res.statusCode}`;
        expect(res.statusCode, described).toBe(unknown.statusCode);
        if (method === 'GET') {
          // A newsletter's number that is no number is refused as such (API.md).
          const refusesBadNumbers = path === '/api/newsletter/sends/:id';
          expect(res.statusCode, described).toBe(refusesBadNumbers ? 400 : 404);
          expect(res.json(), described).toEqual(unknown.json());
        }
      }
    }
  });

  it('never answer 5xx to odd list and search parameters', async () => {
    const lists = ['/api/articles', '/api/articles/premium-split', '/api/users', '/rss.xml'];
    const parameter = fc.constantFrom(
      'title',
      'publisher',
      'tags',
      'email',
      'page',
      'limit',
      'sortBy',
      'isApproved',
      'isPremium',
      'q',
      '__proto__',
      'constructor',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...lists),
        callers,
        fc.array(fc.tuple(parameter, oddStrings), { maxLength: 5 }),
        async (path, caller, pairs) => {
          const query = pairs
            .map(
              ([key, text]) =>
                `${key}=${encodeURIComponent(wellFormed(expand(text).slice(0, 5_000)))}`,
            )
            .join('&');
          await check({ method: 'GET', url: `${path}?${query}`, headers: cookieOf(caller) });
        },
      ),
      { seed, numRuns: 400, endOnFailure: true },
    );
  }, 120_000);
});
