import type { UserRecord } from '#shared/accounts';
import type { PaymentIntent } from '#shared/payments';
import type { TestApp } from './app.js';
import type { TestUser } from './auth.js';

/** POST /api/create-payment-intent as `user` (a guest when null). */
export function startPayment(t: TestApp, user: TestUser | null, price: unknown = 1) {
  return t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: user ? { cookie: user.cookie } : {},
    payload: { price },
  });
}

/** A new intent for `user` at `price` dollars; fails the test when refused. */
export async function newIntent(t: TestApp, user: TestUser, price = 1): Promise<PaymentIntent> {
  const res = await startPayment(t, user, price);
  if (res.statusCode !== 200) throw new Error(`create-payment-intent: ${res.body}`);
  return res.json<PaymentIntent>();
}

/** POST /api/payments/confirm as `user` (a guest when null). */
export function confirmPayment(t: TestApp, user: TestUser | null, paymentIntentId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/confirm',
    headers: user ? { cookie: user.cookie } : {},
    payload: { paymentIntentId },
  });
}

/** The user's own record as GET /api/users?email= answers it. */
export async function recordOf(t: TestApp, user: TestUser): Promise<UserRecord> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/users?email=${encodeURIComponent(user.user.email)}`,
    headers: { cookie: user.cookie },
  });
  return res.json<UserRecord>();
}
