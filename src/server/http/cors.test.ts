import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createArticle } from '#server/test/factories';

const partner = 'https://admin.example.com';
const stranger = 'https://elsewhere.example';

/** Any app: no origin listed (the default). `listed`: CORS_ORIGINS names the partner. */
let open: TestApp;
let listed: TestApp;
let author: TestUser;
let articleId: number;

beforeAll(async () => {
  open = await createTestApp();
  listed = await createTestApp({ corsOrigins: [partner] });
  author = await signUp(open.app);
  articleId = (await createArticle(open.database.handle.db, author.user.id)).id;
  const uploads = path.join(open.config.dataDir, 'uploads');
  mkdirSync(uploads, { recursive: true });
  const webp = await sharp({
    create: { width: 4, height: 4, channels: 3, background: '#123456' },
  })
    .webp()
    .toBuffer();
  writeFileSync(path.join(uploads, 'cors-test.webp'), webp);
});
afterAll(async () => {
  await open.close();
  await listed.close();
});

const isAdmin = async (t: TestApp, userId: string) =>
  Boolean(
    (
      await t.database.handle.db
        .selectFrom('user')
        .select('isAdmin')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).isAdmin,
  );

describe('public reads from any origin', () => {
  const publicReads = () => [
    '/api/articles',
    `/api/articledetail/${articleId}`,
    '/api/publisher',
    '/api/statistics',
    '/uploads/cors-test.webp',
  ];

  it('answer Access-Control-Allow-Origin: * without credentials', async () => {
    for (const url of publicReads()) {
      const res = await open.app.inject({ method: 'GET', url, headers: { origin: stranger } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
      expect(res.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
  });

  it('let other sites read the total of a list', async () => {
    const res = await open.app.inject({
      method: 'GET',
      url: '/api/articles',
      headers: { origin: stranger },
    });
    expect(res.headers['x-total-count']).toBeDefined();
    expect(res.headers['access-control-expose-headers']).toMatch(/x-total-count/i);
  });

  it('serve uploaded images for other sites to show', async () => {
    const res = await open.app.inject({ method: 'GET', url: '/uploads/cors-test.webp' });
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // The API's own answers keep helmet's same-origin policy.
    const api = await open.app.inject({ method: 'GET', url: '/api/publisher' });
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('never grant credentials to an unlisted origin, even when it sends a cookie', async () => {
    const res = await open.app.inject({
      method: 'GET',
      url: `/api/users?email=${encodeURIComponent(author.user.email)}`,
      headers: { origin: stranger, cookie: author.cookie },
    });
    // The browser sees `*` without Allow-Credentials and keeps the answer from the page.
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answer no Vary: Origin while no origin is listed: the answer is the same for all', async () => {
    const res = await open.app.inject({
      method: 'GET',
      url: '/api/publisher',
      headers: { origin: stranger },
    });
    expect(String(res.headers.vary ?? '')).not.toMatch(/origin/i);
  });
});

describe('preflights', () => {
  const preflight = (t: TestApp, origin: string, url = '/api/users/me') =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'content-type',
      },
    });

  it('answer 204 with the methods and headers a listed origin may use', async () => {
    const res = await preflight(listed, partner);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(partner);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-methods'])).toMatch(/\bPATCH\b/);
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/content-type/i);
    expect(res.headers['access-control-max-age']).toBeDefined();
    expect(String(res.headers.vary)).toMatch(/\borigin\b/i);
  });

  it('answer 204 with no allow headers to an unlisted origin, on any path', async () => {
    for (const [t, url] of [
      [listed, '/api/users/me'],
      [open, '/api/users/me'],
      [open, '/api/articles'],
      [open, '/no/such/path'],
    ] as const) {
      const res = await preflight(t, stranger, url);
      expect(res.statusCode, url).toBe(204);
      expect(res.headers['access-control-allow-methods'], url).toBeUndefined();
      expect(res.headers['access-control-allow-headers'], url).toBeUndefined();
      expect(res.headers['access-control-allow-credentials'], url).toBeUndefined();
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });

  it("let any origin's read go on without cookies, and no other method", async () => {
    const res = await open.app.inject({
      method: 'OPTIONS',
      url: '/api/articles',
      headers: {
        origin: stranger,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD');
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/content-type/i);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('credentialed calls from the origins in CORS_ORIGINS', () => {
  it('echo a listed origin with credentials, and say the answer varies by origin', async () => {
    const res = await listed.app.inject({
      method: 'GET',
      url: '/api/articles',
      headers: { origin: partner },
    });
    expect(res.headers['access-control-allow-origin']).toBe(partner);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers.vary)).toMatch(/\borigin\b/i);
    for (const headers of [{ origin: stranger }, {}]) {
      const other = await listed.app.inject({ method: 'GET', url: '/api/articles', headers });
      expect(other.headers['access-control-allow-origin']).toBe('*');
      expect(other.headers['access-control-allow-credentials']).toBeUndefined();
      expect(String(other.headers.vary)).toMatch(/\borigin\b/i);
    }
  });

  it('keep Vary: Origin beside the encoding on a compressed answer', async () => {
    const res = await listed.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui-bundle.js',
      headers: { origin: partner, 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers.vary)).toMatch(/\borigin\b/i);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('may change data with the cookie, which no unlisted origin may', async () => {
    const admin = await signUp(listed.app);
    await makeAdmin(listed.app, admin.user.id);
    const first = await signUp(listed.app);
    const second = await signUp(listed.app);
    const promote = (userId: string, origin: string) =>
      listed.app.inject({
        method: 'PATCH',
        url: `/api/users/${userId}`,
        headers: { origin, 'sec-fetch-site': 'cross-site', cookie: admin.cookie },
        payload: { isAdmin: true },
      });

    const refused = await promote(first.user.id, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(await isAdmin(listed, first.user.id)).toBe(false);

    const allowed = await promote(second.user.id, partner);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(partner);
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(await isAdmin(listed, second.user.id)).toBe(true);
  });

  it('may sign in and out through better-auth, which no unlisted origin may', async () => {
    const account = await signUp(listed.app);
    const signIn = (origin: string) =>
      listed.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin, 'sec-fetch-site': 'cross-site' },
        payload: { email: account.user.email, password: account.password },
      });
    const refused = await signIn(stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['set-cookie']).toBeUndefined();

    const allowed = await signIn(partner);
    expect(allowed.statusCode).toBe(200);
    expect([allowed.headers['set-cookie']].flat().join()).toMatch(/session_token=/);
    expect(allowed.headers['access-control-allow-origin']).toBe(partner);

    // better-auth checks the origin of a request that carries a cookie itself.
    const cookie = [allowed.headers['set-cookie']]
      .flat()
      .map((c) => String(c).split(';')[0])
      .join('; ');
    const signOut = await listed.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: partner, 'sec-fetch-site': 'cross-site', cookie },
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    const session = await listed.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(session.json()).toBeNull();
  });

  it('let a listed origin read the error answers too', async () => {
    const res = await listed.app.inject({
      method: 'GET',
      url: '/api/users?email=someone@example.com',
      headers: { origin: partner },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['access-control-allow-origin']).toBe(partner);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
  });

  it('hold the listed origins to their exact spelling', async () => {
    for (const origin of [
      `${partner}.evil.example`,
      'http://admin.example.com',
      `${partner}:8443`,
    ]) {
      const res = await listed.app.inject({
        method: 'GET',
        url: '/api/articles',
        headers: { origin },
      });
      expect(res.headers['access-control-allow-origin'], origin).toBe('*');
      expect(res.headers['access-control-allow-credentials'], origin).toBeUndefined();
    }
  });
});
