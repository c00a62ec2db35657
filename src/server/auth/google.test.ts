import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { googleAccount, startGoogleIssuer } from '#server/test/google-issuer';

let issuer: Awaited<ReturnType<typeof startGoogleIssuer>>;
let t: TestApp;

beforeAll(async () => {
  issuer = await startGoogleIssuer();
  t = await createTestApp({
    google: {
      clientId: 'tribune-test',
      clientSecret: 'test-secret',
      discoveryUrl: issuer.discoveryUrl,
    },
  });
});
afterAll(async () => {
  await t.close();
  await issuer.stop();
});

const cookiesOf = (header: string | string[] | undefined) =>
  [header ?? []]
    .flat()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

describe('Google sign-in through OpenID Connect', () => {
  it('creates the user with the defaults on first sign-in and signs them in', async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: t.config.publicUrl },
      payload: { provider: 'google', callbackURL: '/login?signedIn=google' },
    });
    expect(start.statusCode).toBe(200);
    const { url } = start.json<{ url: string }>();
    expect(url.startsWith(new URL(issuer.discoveryUrl).origin)).toBe(true);

    // The issuer sends the browser back to our callback with a code.
    const authorize = await fetch(url, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location') ?? '');
    expect(callback.pathname).toBe('/api/auth/callback/google');

    const done = await t.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      headers: { cookie: cookiesOf(start.headers['set-cookie']) },
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/login?signedIn=google');

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: cookiesOf(done.headers['set-cookie']) },
    });
    expect(session.json()).toMatchObject({
      user: { email: googleAccount.email, name: googleAccount.name },
    });

    const row = await t.database.handle.db
      .selectFrom('user')
      .select(['isAdmin', 'publishedArticles', 'premiumUntil', 'emailVerified'])
      .where('email', '=', googleAccount.email)
      .executeTakeFirstOrThrow();
    // Google vouches for the address: no link to follow.
    expect({
      ...row,
      isAdmin: Boolean(row.isAdmin),
      emailVerified: Boolean(row.emailVerified),
    }).toEqual({
      emailVerified: true,
      isAdmin: false,
      publishedArticles: 0,
      premiumUntil: null,
    });
  });

  it('sends a return with a lost or forged state to the login page, which shows the error', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/callback/google?code=anything&state=forged',
    });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(location.origin + location.pathname).toBe(`${t.config.publicUrl}/login`);
    expect(location.searchParams.get('error')).toBeTruthy();
    expect(res.headers['set-cookie'] ?? []).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/session_token=[^;]/)]),
    );
  });
});
