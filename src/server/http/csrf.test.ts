import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createArticle } from '#server/test/factories';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
});
afterAll(() => t.close());

const isAdmin = async (userId: string) => {
  const row = await t.database.handle.db
    .selectFrom('user')
    .select('isAdmin')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return Boolean(row.isAdmin);
};

const articleExists = async (id: number) =>
  (await t.database.handle.db
    .selectFrom('article')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()) !== undefined;

/** Ways to spell the path of PATCH /api/users/:id that a router may or may not take as it. */
const userPathSpellings = (id: string) => [
  `/api/users/${id}`,
  `/%61pi/users/${id}`,
  `/%61%70%69/users/${id}`,
  `/api/%75sers/${id}`,
  `/api/users/${id}?isAdmin=true`,
  `//api/users/${id}`,
  `/api/./users/${id}`,
  `/api/users/../users/${id}`,
  `/API/users/${id}`,
];

/** A cross-site request as a browser sends it: with the other site's Origin, or marked. */
const crossSiteHeaders = [
  { origin: 'https://evil.example' },
  { origin: 'null' },
  { 'sec-fetch-site': 'cross-site' },
];

describe('the CSRF guard holds whatever the spelling of the path', () => {
  it("refuses a cross-site PATCH /api/users/:id with an admin's cookie in every spelling", async () => {
    const victim = await signUp(t.app);
    for (const url of userPathSpellings(victim.user.id)) {
      for (const headers of crossSiteHeaders) {
        const res = await t.app.inject({
          method: 'PATCH',
          url,
          headers: { ...headers, cookie: admin.cookie },
          payload: { isAdmin: true },
        });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json()).toMatchObject({ error: 'forbidden' });
      }
    }
    expect(await isAdmin(victim.user.id)).toBe(false);
  });

  it('refuses a cross-site DELETE spelled with lower- and upper-case percent-encodings', async () => {
    const article = await createArticle(t.database.handle.db, admin.user.id);
    for (const url of [
      `/api/artic%6Ces/${article.id}`,
      `/api/artic%6ces/${article.id}`,
      // Digits are %30 to %39: the id itself encoded.
      `/api/%61rticles/${[...String(article.id)].map((digit) => `%3${digit}`).join('')}`,
    ]) {
      const res = await t.app.inject({
        method: 'DELETE',
        url,
        headers: { origin: 'https://evil.example', cookie: admin.cookie },
      });
      expect(res.statusCode, url).toBe(403);
    }
    expect(await articleExists(article.id)).toBe(true);
  });

  it('takes the same encoded spelling from our own origin, so the 403s above are the guard', async () => {
    const article = await createArticle(t.database.handle.db, admin.user.id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/artic%6Ces/${article.id}`,
      headers: { origin: t.config.publicUrl, cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(await articleExists(article.id)).toBe(false);

    const victim = await signUp(t.app);
    const promoted = await t.app.inject({
      method: 'PATCH',
      url: `/%61pi/users/${victim.user.id}`,
      headers: { origin: t.config.publicUrl, cookie: admin.cookie },
      payload: { isAdmin: true },
    });
    expect(promoted.statusCode).toBe(200);
    expect(await isAdmin(victim.user.id)).toBe(true);
  });

  it("holds on better-auth's routes too, in any spelling", async () => {
    const account = await signUp(t.app);
    for (const url of ['/api/auth/sign-out', '/api/%61uth/sign-out', '/%61pi/auth/sign-out']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: 'https://evil.example', cookie: account.cookie },
        payload: {},
      });
      expect(res.statusCode, url).toBe(403);
    }
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: account.cookie },
    });
    expect(session.json()).toMatchObject({ user: { id: account.user.id } });
  });

  it('refuses methods the API does not route as well, rather than judging by path', async () => {
    for (const method of ['PUT', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/%75ploads/anything',
        headers: { 'sec-fetch-site': 'cross-site', cookie: admin.cookie },
      });
      expect(res.statusCode, method).toBe(403);
    }
  });

  it('lets reads through from anywhere', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/%61pi/publisher',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('a form our own page posts', () => {
  // Under `Referrer-Policy: no-referrer` a browser sends `Origin: null` with a form it posts;
  // its Sec-Fetch-Site, which no page can set, says whether the form was ours.
  const patch = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/users/${admin.user.id}`,
      headers: { ...headers, cookie: admin.cookie },
      payload: { name: 'Renamed by a form' },
    });

  it('is let through with Origin: null when the browser says it came from our own site', async () => {
    const res = await patch({ origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode).not.toBe(403);
  });

  it('is refused with Origin: null from anywhere else, or when the browser does not say', async () => {
    for (const site of ['cross-site', 'same-site', 'none', undefined]) {
      const res = await patch({ origin: 'null', ...(site && { 'sec-fetch-site': site }) });
      expect(res.statusCode, String(site)).toBe(403);
    }
  });
});
