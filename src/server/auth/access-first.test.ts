import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp, type TestUser } from '#server/test/auth';

let t: TestApp;
let reader: TestUser;
let unverified: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  reader = await signUp(t.app);
  unverified = await signUp(t.app, { verified: false });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Every route that needs a signed-in caller, each asked with input its schema refuses (a
 * malformed id, an empty or wrong body, a bad query): who may call it is answered first.
 */
const routes: { method: Method; url: string; mustBe: 'signedIn' | 'verified' | 'admin' }[] = [
  { method: 'POST', url: '/api/articles', mustBe: 'verified' },
  { method: 'PUT', url: '/api/articles/not-an-id', mustBe: 'signedIn' },
  { method: 'DELETE', url: '/api/articles/not-an-id', mustBe: 'signedIn' },
  { method: 'GET', url: '/api/articles/premium-split', mustBe: 'admin' },
  { method: 'GET', url: '/api/articles/revisions?page=-1', mustBe: 'admin' },
  { method: 'GET', url: '/api/articles/not-an-id/revision', mustBe: 'signedIn' },
  { method: 'PUT', url: '/api/articles/not-an-id/revision', mustBe: 'admin' },
  { method: 'GET', url: '/api/users?email=not-an-address', mustBe: 'signedIn' },
  { method: 'PATCH', url: '/api/users/not-an-id', mustBe: 'admin' },
  { method: 'PATCH', url: '/api/users/me', mustBe: 'signedIn' },
  { method: 'POST', url: '/api/users/me/verification-email', mustBe: 'signedIn' },
  { method: 'PUT', url: '/api/users/me/notices', mustBe: 'signedIn' },
  { method: 'POST', url: '/api/create-payment-intent', mustBe: 'verified' },
  { method: 'POST', url: '/api/payments/confirm', mustBe: 'signedIn' },
  { method: 'POST', url: '/api/payments/demo/charge', mustBe: 'signedIn' },
  { method: 'POST', url: '/api/publisher', mustBe: 'admin' },
  { method: 'GET', url: '/api/publisher/articles/count', mustBe: 'admin' },
  { method: 'GET', url: '/api/publisher/viewcount', mustBe: 'admin' },
  { method: 'POST', url: '/api/images', mustBe: 'signedIn' },
];

const call = (method: Method, url: string, cookie?: string) =>
  t.app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    ...(method === 'GET' ? {} : { payload: '{"unexpected": ["input"]}' }),
  });

describe('a route for signed-in callers', () => {
  it.each(routes)('$method $url refuses a guest with 401 before reading the input', async (r) => {
    const res = await call(r.method, r.url);
    expect([res.statusCode, res.json<{ error: string }>().error]).toEqual([401, 'unauthorized']);
  });

  it.each(routes.filter((r) => r.mustBe === 'admin'))(
    '$method $url refuses a reader with 403 before reading the input',
    async (r) => {
      const res = await call(r.method, r.url, reader.cookie);
      expect([res.statusCode, res.json<{ error: string }>().error]).toEqual([403, 'forbidden']);
    },
  );

  it.each(routes.filter((r) => r.mustBe === 'verified'))(
    '$method $url refuses an unverified address with 403 before reading the input',
    async (r) => {
      const res = await call(r.method, r.url, unverified.cookie);
      expect([res.statusCode, res.json<{ error: string }>().error]).toEqual([
        403,
        'email_unverified',
      ]);
    },
  );

  it.each(routes.filter((r) => r.mustBe !== 'admin'))(
    '$method $url reads the input of a caller it lets in, and refuses what is wrong with 4xx',
    async (r) => {
      const res = await call(r.method, r.url, reader.cookie);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json<{ error: string }>().error).not.toBe('unauthorized');
    },
  );
});
