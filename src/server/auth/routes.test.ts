import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp } from '#server/test/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * The better-auth routes the web app calls (src/web/lib/auth/authApi.ts), Google's return, and
 * the password reset's two, which are routes of ours (password-reset.ts) under better-auth's
 * paths, calling its API after their own checks, and the mailed verification link's.
 */
const openRoutes = [
  'GET /get-session',
  'POST /sign-in/email',
  'POST /sign-out',
  'POST /sign-in/social',
  'GET /callback/google',
  'POST /request-password-reset',
  'POST /reset-password',
  'GET /verify-email',
];

/** Every path better-auth itself offers, its parameters filled in. */
const betterAuthPaths = () =>
  Object.values(t.app.auth.api)
    .map((endpoint) => (endpoint as { path?: string }).path)
    .filter((path): path is string => typeof path === 'string')
    .map((path) => path.replace(/:id\b/, 'google').replace(/:[a-z]+/gi, 'x'));

const userRow = (id: string) =>
  t.database.handle.db
    .selectFrom('user')
    .select(['name', 'email', 'image', 'emailVerified'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe("better-auth's routes the web app does not use", () => {
  it('answer 404 to every method, whatever better-auth offers', async () => {
    const account = await signUp(t.app);
    const paths = betterAuthPaths();
    // The list comes from better-auth: a sanity check that it is the list we think it is.
    expect(paths).toEqual(expect.arrayContaining(['/update-user', '/delete-user', '/ok']));
    let closed = 0;
    for (const path of paths) {
      for (const method of ['GET', 'POST'] as const) {
        if (openRoutes.includes(`${method} ${path}`)) continue;
        const res = await t.app.inject({
          method,
          url: `/api/auth${path}`,
          headers: { cookie: account.cookie, origin: t.config.publicUrl },
          ...(method === 'POST' && { payload: {} }),
        });
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.json(), `${method} ${path}`).toEqual({
          error: 'not_found',
          message: expect.any(String),
        });
        closed += 1;
      }
    }
    expect(closed).toBeGreaterThan(40);
  });

  it('close update-user: no long name, no foreign image, no 500, in any spelling', async () => {
    const account = await signUp(t.app);
    const before = await userRow(account.user.id);
    const bodies = [
      { name: 'x'.repeat(200) },
      { image: 'https://evil.example/tracker.gif' },
      { name: {} },
      { name: [1] },
      { image: [] },
    ];
    for (const url of [
      '/api/auth/update-user',
      '/api/auth/%75pdate-user',
      '/api/auth/./update-user',
      '/api/auth/sign-in/../update-user',
      '/api/auth//update-user',
    ]) {
      for (const payload of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { cookie: account.cookie, origin: t.config.publicUrl },
          payload,
        });
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(404);
      }
    }
    expect(await userRow(account.user.id)).toEqual(before);
  });

  it('has no Google callback when Google sign-in is not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/callback/google?code=x' });
    expect(res.statusCode).toBe(404);
  });
});

const deepArrays = (depth: number, closed: boolean) =>
  '['.repeat(depth) + (closed ? ']'.repeat(depth) : '');

/** Bodies that are JSON but not what the route takes, and bodies that are not JSON at all. */
const malformedBodies = [
  '[1]',
  '"x"',
  '1',
  'true',
  'null',
  '{"email":{}}',
  '{"email":"a@example.com","password":[]}',
  '{"email":["a@example.com"],"password":"Secret123"}',
  '{"provider":{"toString":"google"}}',
  '{"__proto__":{"isAdmin":true}}',
  '{"email":"a@example.com","password":"Secret123","isAdmin":true}',
  `{"email":"${'a'.repeat(300)}@example.com","password":"Secret123"}`,
  deepArrays(5000, true),
  deepArrays(5000, false),
  '{"email":',
];

describe("the open better-auth routes' bodies", () => {
  for (const path of ['/sign-in/email', '/sign-out', '/sign-in/social']) {
    it(`POST ${path} answers 400 { error, message } to a malformed body`, async () => {
      const account = await signUp(t.app);
      // Sign-out takes no body, and JSON null is no body.
      const bodies =
        path === '/sign-out' ? malformedBodies.filter((b) => b !== 'null') : malformedBodies;
      for (const payload of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/auth${path}`,
          headers: {
            cookie: account.cookie,
            origin: t.config.publicUrl,
            'content-type': 'application/json',
          },
          payload,
        });
        const label = `${path} ${payload.slice(0, 60)}`;
        expect(res.statusCode, label).toBe(400);
        expect(res.json(), label).toEqual({ error: 'bad_request', message: expect.any(String) });
      }
      // The refused sign-outs left the session as it was.
      const session = await t.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { cookie: account.cookie },
      });
      expect(session.json()).toMatchObject({ user: { id: account.user.id } });
    });
  }

  it('signs out with no body as with {}', async () => {
    const account = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: account.cookie, origin: t.config.publicUrl },
    });
    expect(res.statusCode).toBe(200);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: account.cookie },
    });
    expect(session.json()).toBeNull();
  });

  it('names the field that is wrong', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: {} },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/^provider: /);
  });

  it('says what the sign-in form says of a wrong email, in its words', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: {}, password: 'Secret123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: 'Email Address is required' });
  });

  it('still signs in through an encoded spelling of the path', async () => {
    const account = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/%61uth/sign-in/%65mail',
      payload: { email: account.user.email, password: account.password },
    });
    expect(res.statusCode).toBe(200);
    expect([res.headers['set-cookie']].flat().join()).toMatch(/session_token=/);
  });
});
