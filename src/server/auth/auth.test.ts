import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { signIn, signUp } from '#server/test/auth';
import { rateLimits } from '#shared/rules/limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signInRequest = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress: ip,
  });

describe('sessions', () => {
  it('signs in with email and password and sets an HTTP-only, SameSite=Lax cookie', async () => {
    const account = await signUp(t.app);
    const res = await signInRequest(account.user.email, account.password);
    expect(res.statusCode).toBe(200);
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // The site runs on plain http in tests, so the cookie is not marked Secure.
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('marks the cookie Secure when the site is served over https', async () => {
    const secure = await createTestApp({ publicUrl: 'https://news.example.com' });
    try {
      const account = await signUp(secure.app);
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: 'https://news.example.com' },
        payload: { email: account.user.email, password: account.password },
      });
      expect(res.statusCode).toBe(200);
      const cookie = [res.headers['set-cookie']].flat().find((c) => c?.includes('session_token'));
      expect(cookie).toMatch(/Secure/);
    } finally {
      await secure.close();
    }
  });

  it('refuses a wrong password with the API error shape', async () => {
    const account = await signUp(t.app);
    const res = await signInRequest(account.user.email, 'Wrong123', '10.0.0.2');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers get-session with null for a guest and the user when signed in', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/auth/get-session' });
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toBeNull();
    const account = await signUp(t.app);
    const cookie = await signIn(t.app, account.user.email, account.password);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(res.json()).toMatchObject({ user: { email: account.user.email, isAdmin: false } });
  });

  it('signs out', async () => {
    const account = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: account.cookie, origin: t.config.publicUrl },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: account.cookie },
    });
    expect(after.json()).toBeNull();
  });

  it('closes better-auth’s own sign-up route to browsers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: t.config.publicUrl },
      payload: {
        name: 'Sneaky',
        email: 'sneaky@example.com',
        password: 'Secret123',
        isAdmin: true,
      },
    });
    expect(res.statusCode).toBe(404);
    const row = await t.database.handle.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'sneaky@example.com')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('explains that Google sign-in is not configured', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: t.config.publicUrl },
      payload: { provider: 'google', callbackURL: '/' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: 'Google sign-in is not configured on this server',
    });
  });
});

describe('rate limits', () => {
  it('locks an account after repeated failures, from any address', async () => {
    const account = await signUp(t.app);
    for (let attempt = 0; attempt < rateLimits.signInPerAccount.max; attempt += 1) {
      const res = await signInRequest(account.user.email, 'Wrong123', `10.1.0.${attempt}`);
      expect(res.statusCode).toBe(401);
    }
    const locked = await signInRequest(account.user.email, account.password, '10.1.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed sign-in attempts for this account/);
  });

  it('keeps an account locked for its 15 minutes when better-auth prunes its own counters', async () => {
    const account = await signUp(t.app);
    for (let attempt = 0; attempt < rateLimits.signInPerAccount.max; attempt += 1) {
      await signInRequest(account.user.email, 'Wrong123', `10.4.0.${attempt}`);
    }
    // Two minutes on: better-auth restarts a counter's window and prunes every rate_limit row
    // older than its own longest window (a minute).
    await t.app.inject({ method: 'GET', url: '/api/auth/get-session', remoteAddress: '10.4.1.1' });
    const db = t.database.handle.db;
    await db
      .updateTable('rateLimit')
      .set({ lastRequest: Date.now() - 2 * 60_000 })
      .execute();
    await db
      .updateTable('attempt')
      .set((eb) => ({
        windowStart: eb('windowStart', '-', 2 * 60_000),
        expiresAt: eb('expiresAt', '-', 2 * 60_000),
      }))
      .execute();
    await t.app.inject({ method: 'GET', url: '/api/auth/get-session', remoteAddress: '10.4.1.1' });
    const locked = await signInRequest(account.user.email, account.password, '10.4.2.1');
    expect(locked.statusCode).toBe(429);
  });

  it('a successful sign-in clears the failures', async () => {
    const account = await signUp(t.app);
    for (let attempt = 0; attempt < rateLimits.signInPerAccount.max - 1; attempt += 1) {
      await signInRequest(account.user.email, 'Wrong123', '10.2.0.1');
    }
    expect((await signInRequest(account.user.email, account.password, '10.2.0.2')).statusCode).toBe(
      200,
    );
    for (let attempt = 0; attempt < rateLimits.signInPerAccount.max - 1; attempt += 1) {
      expect((await signInRequest(account.user.email, 'Wrong123', '10.2.0.3')).statusCode).toBe(
        401,
      );
    }
  });

  it('limits one address trying many accounts', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const res = await signInRequest(`nobody${attempt}@example.com`, 'Wrong123', '10.3.0.1');
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const limited = await signInRequest('nobody@example.com', 'Wrong123', '10.3.0.1');
    expect(limited.json()).toEqual({
      error: 'rate_limited',
      message: 'Too many attempts. Please wait a minute and try again.',
    });
  });
});

describe('client addresses behind a proxy', () => {
  it('counts attempts by X-Forwarded-For only when the proxy is trusted', async () => {
    const attempt = (app: TestApp, forwardedFor: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: `someone-${forwardedFor}@example.com`, password: 'Wrong123' },
        headers: { 'x-forwarded-for': forwardedFor },
        remoteAddress: '127.0.0.1',
      });
    const trusted = await createTestApp({ trustProxy: true });
    try {
      // Twelve different forwarded addresses: nobody reaches the per-address limit.
      const statuses = [];
      for (let i = 0; i < 12; i += 1)
        statuses.push((await attempt(trusted, `10.50.0.${i}`)).statusCode);
      expect(statuses.every((s) => s === 401)).toBe(true);
    } finally {
      await trusted.close();
    }
    // Untrusted: the header is ignored, all twelve come from 127.0.0.1 and the last is limited.
    const statuses = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await attempt(t, `10.60.0.${i}`)).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });
});
