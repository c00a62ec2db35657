import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '#shared/rules/limits';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp, type TestUser } from '#server/test/auth';
import { deviceCookieName, deviceCookieSeconds } from './device-cookie.js';
import { accountLockedMessage, deviceLockedMessage } from './sign-in-attempts.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Every request comes from its own address, so better-auth's limit of 10 a minute per address
// never decides these tests: the account and device budgets do.
let address = 0;
const nextAddress = () => {
  address += 1;
  return `10.40.${Math.floor(address / 250)}.${address % 250}`;
};

function signIn(email: string, password: string, device?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress: nextAddress(),
    // A browser's sign-in form sends its origin, which better-auth checks once a cookie is sent.
    headers: {
      origin: t.config.publicUrl,
      ...(device ? { cookie: `${deviceCookieName}=${device}` } : {}),
    },
  });
}

function deviceCookieOf(res: { headers: Record<string, unknown> }): string | undefined {
  const cookies = [res.headers['set-cookie'] ?? []].flat() as string[];
  return cookies.find((cookie) => cookie.startsWith(`${deviceCookieName}=`));
}

/** The device cookie a successful sign-in gives, as the browser sends it back. */
async function ownersBrowser(account: TestUser): Promise<string> {
  const res = await signIn(account.user.email, account.password);
  expect(res.statusCode).toBe(200);
  const cookie = deviceCookieOf(res);
  if (!cookie) throw new Error('no device cookie');
  return cookie.split(';')[0]!.slice(deviceCookieName.length + 1);
}

/** What better-auth's signed cookies hold: `value.base64(HMAC-SHA256(secret, value))`, encoded. */
function signedValue(value: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(value).digest('base64');
  return encodeURIComponent(`${value}.${signature}`);
}
const accountHash = (email: string) =>
  createHash('sha256').update(email.toLowerCase()).digest('base64url');

async function lockOutUntrusted(email: string): Promise<void> {
  for (let i = 0; i < rateLimits.signInPerAccount.max; i += 1) {
    expect((await signIn(email, 'Wrong123')).statusCode).toBe(401);
  }
  const locked = await signIn(email, 'Wrong123');
  expect(locked.statusCode).toBe(429);
}

describe('device cookies', () => {
  it('a successful sign-in gives the browser a signed, HTTP-only device cookie for the sign-in route only', async () => {
    const account = await signUp(t.app);
    const res = await signIn(account.user.email, account.password);
    const cookie = deviceCookieOf(res);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\/api\/auth\/sign-in(;|$)/);
    expect(cookie).toMatch(new RegExp(`; Max-Age=${deviceCookieSeconds}`));
    // Signed: `account:nonce:issued` and a 44-character HMAC.
    const value = decodeURIComponent(cookie!.split(';')[0]!.split('=').slice(1).join('='));
    expect(value).toMatch(/^[\w-]{43}:[\w-]{22}:\d+\.[A-Za-z0-9+/]{43}=$/);
    expect(value.startsWith(accountHash(account.user.email))).toBe(true);
    // A failed sign-in gives none.
    expect(deviceCookieOf(await signIn(account.user.email, 'Wrong123'))).toBeUndefined();
  });

  it('is marked Secure (and __Secure-) when the site is served over https', async () => {
    const secure = await createTestApp({ publicUrl: 'https://news.example.com' });
    try {
      const account = await signUp(secure.app);
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: 'https://news.example.com' },
        payload: { email: account.user.email, password: account.password },
      });
      const cookies = [res.headers['set-cookie'] ?? []].flat();
      const device = cookies.find((c) => c.startsWith(`__Secure-${deviceCookieName}=`));
      expect(device).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });
});

describe('an attacker cannot lock the owner out', () => {
  it('failures from anywhere lock out untrusted sign-ins, but not the owner’s browser', async () => {
    const owner = await signUp(t.app);
    const device = await ownersBrowser(owner);
    await lockOutUntrusted(owner.user.email);

    // The right password from a browser without the cookie is refused too…
    const untrusted = await signIn(owner.user.email, owner.password);
    expect(untrusted.statusCode).toBe(429);
    expect(untrusted.json()).toEqual({ error: 'rate_limited', message: accountLockedMessage });
    // …while the owner's browser signs in, and gets a fresh device cookie.
    const trusted = await signIn(owner.user.email, owner.password, device);
    expect(trusted.statusCode).toBe(200);
    expect(deviceCookieOf(trusted)).toBeDefined();
    // The owner's success gives the attacker no new tries.
    expect((await signIn(owner.user.email, 'Wrong123')).statusCode).toBe(429);
  });

  it('the device’s own failures lock that device, and only it', async () => {
    const owner = await signUp(t.app);
    const device = await ownersBrowser(owner);
    for (let i = 0; i < rateLimits.signInPerDevice.max; i += 1) {
      expect((await signIn(owner.user.email, 'Wrong123', device)).statusCode).toBe(401);
    }
    const locked = await signIn(owner.user.email, owner.password, device);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: 'rate_limited', message: deviceLockedMessage });
    // Its failures are its own: the account is not locked for other browsers.
    expect((await signIn(owner.user.email, owner.password)).statusCode).toBe(200);
  });

  it('a successful sign-in on the device clears the device’s failures', async () => {
    const owner = await signUp(t.app);
    const device = await ownersBrowser(owner);
    for (let i = 0; i < rateLimits.signInPerDevice.max - 1; i += 1) {
      await signIn(owner.user.email, 'Wrong123', device);
    }
    expect((await signIn(owner.user.email, owner.password, device)).statusCode).toBe(200);
    for (let i = 0; i < rateLimits.signInPerDevice.max - 1; i += 1) {
      expect((await signIn(owner.user.email, 'Wrong123', device)).statusCode).toBe(401);
    }
  });
});

describe('device cookies give no way around the lockout', () => {
  it('another account’s device cookie counts as no cookie', async () => {
    const owner = await signUp(t.app);
    const attacker = await signUp(t.app);
    const attackersDevice = await ownersBrowser(attacker);
    await lockOutUntrusted(owner.user.email);
    const res = await signIn(owner.user.email, owner.password, attackersDevice);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(accountLockedMessage);
  });

  it('a forged device cookie (not signed with the server’s secret, or altered) counts as no cookie', async () => {
    const owner = await signUp(t.app);
    await lockOutUntrusted(owner.user.email);
    const value = `${accountHash(owner.user.email)}:${'A'.repeat(22)}:${Math.floor(Date.now() / 1000)}`;
    const forgeries = [
      signedValue(value, 'some-other-secret-that-is-long-enough-000'),
      encodeURIComponent(value),
      encodeURIComponent(`${value}.${'A'.repeat(43)}=`),
    ];
    for (const forged of forgeries) {
      const res = await signIn(owner.user.email, owner.password, forged);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(accountLockedMessage);
    }
    // The same value signed with the server's secret is a device cookie: the forgeries above
    // failed for their signature alone.
    const genuine = await signIn(
      owner.user.email,
      owner.password,
      signedValue(value, t.config.authSecret),
    );
    expect(genuine.statusCode).toBe(200);
  });

  it('an altered account in a genuine cookie counts as no cookie', async () => {
    const owner = await signUp(t.app);
    const attacker = await signUp(t.app);
    const attackersDevice = decodeURIComponent(await ownersBrowser(attacker));
    await lockOutUntrusted(owner.user.email);
    // The attacker's signature over the owner's account hash.
    const [, rest] = attackersDevice.split(/:(.*)/s);
    const altered = encodeURIComponent(`${accountHash(owner.user.email)}:${rest}`);
    const res = await signIn(owner.user.email, owner.password, altered);
    expect(res.statusCode).toBe(429);
  });

  it('a device cookie older than its lifetime counts as no cookie', async () => {
    const owner = await signUp(t.app);
    await lockOutUntrusted(owner.user.email);
    const issued = Math.floor(Date.now() / 1000) - deviceCookieSeconds - 60;
    const old = signedValue(
      `${accountHash(owner.user.email)}:${'B'.repeat(22)}:${issued}`,
      t.config.authSecret,
    );
    expect((await signIn(owner.user.email, owner.password, old)).statusCode).toBe(429);
  });

  it('a stolen device cookie buys only that device’s few tries, then locks it', async () => {
    const owner = await signUp(t.app);
    const stolen = await ownersBrowser(owner);
    await lockOutUntrusted(owner.user.email);
    for (let i = 0; i < rateLimits.signInPerDevice.max; i += 1) {
      expect((await signIn(owner.user.email, 'Wrong123', stolen)).statusCode).toBe(401);
    }
    const res = await signIn(owner.user.email, owner.password, stolen);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(deviceLockedMessage);
  });
});
