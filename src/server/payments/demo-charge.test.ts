import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp, type TestUser } from '#server/test/auth';
import { paymentMessages } from '#shared/payments';
import { confirmPayment, newIntent, recordOf, startPayment } from '#server/test/payment-calls';
import { goodCard } from '#server/test/payment-peers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const charge = (payer: TestUser | null, clientSecret: string, number: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/demo/charge',
    headers: payer ? { cookie: payer.cookie } : {},
    payload: {
      clientSecret,
      card: { ...goodCard, number },
      billingDetails: { name: 'Reader', email: 'reader@example.com' },
    },
  });

describe('POST /api/payments/demo/charge', () => {
  it('declines 4000 0000 0000 0002 with a clear message, and the payment grants nothing', async () => {
    const payer = await signUp(t.app);
    const intent = await newIntent(t, payer);
    const res = await charge(payer, intent.clientSecret, '4000 0000 0000 0002');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'payment_required', message: 'Your card was declined.' });
    const confirm = await confirmPayment(t, payer, intent.paymentIntentId);
    expect(confirm.statusCode).toBe(402);
    expect(await recordOf(t, payer)).toMatchObject({ isPremium: false, subscriptionHistory: [] });

    // The same payment can still be paid with a good card afterwards.
    expect((await charge(payer, intent.clientSecret, goodCard.number)).statusCode).toBe(200);
  });

  it("charges only the signed-in payer's own intent, once", async () => {
    const payer = await signUp(t.app);
    const other = await signUp(t.app);
    const intent = await newIntent(t, payer);
    expect((await charge(null, intent.clientSecret, goodCard.number)).statusCode).toBe(401);
    const foreign = await charge(other, intent.clientSecret, goodCard.number);
    expect(foreign.statusCode).toBe(404);
    expect((await charge(payer, 'pi_demo_nothing_secret_x', goodCard.number)).statusCode).toBe(404);
    expect((await charge(payer, intent.clientSecret, goodCard.number)).statusCode).toBe(200);
    const twice = await charge(payer, intent.clientSecret, goodCard.number);
    expect(twice.statusCode).toBe(409);
  });

  it('refuses a malformed card form with 400', async () => {
    const payer = await signUp(t.app);
    const intent = await newIntent(t, payer);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/demo/charge',
      headers: { cookie: payer.cookie },
      payload: { clientSecret: intent.clientSecret, card: { number: 4242 } },
    });
    expect(res.statusCode).toBe(400);
    const typo = await charge(payer, intent.clientSecret, '4242 4242 4242 4241');
    expect(typo.json()).toEqual({
      error: 'payment_required',
      message: 'Your card number is invalid.',
    });
  });

  it('refuses a 21st payment from one account within the hour, and starts nothing', async () => {
    const payer = await signUp(t.app);
    for (let i = 0; i < 20; i++) await newIntent(t, payer);
    const refused = await startPayment(t, payer, 1);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'rate_limited',
      message: paymentMessages.tooManyIntents,
    });
    const started = await t.database.handle.db
      .selectFrom('payment')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('userId', '=', payer.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(started.count)).toBe(20);
    // Another account is not held back by this one.
    expect((await startPayment(t, await signUp(t.app), 1)).statusCode).toBe(200);
  });

  it('is not there when Stripe takes the payments', async () => {
    const stripeApp = await createTestApp({
      payments: {
        kind: 'stripe',
        secretKey: 'sk_test_x',
        publishableKey: 'pk_test_x',
        webhookSecret: 'whsec_x',
        apiUrl: 'http://127.0.0.1:9',
      },
    });
    try {
      const payer = await signUp(stripeApp.app);
      const res = await stripeApp.app.inject({
        method: 'POST',
        url: '/api/payments/demo/charge',
        headers: { cookie: payer.cookie },
        payload: { clientSecret: 'x', card: goodCard, billingDetails: { name: 'a', email: 'b' } },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await stripeApp.close();
    }
  });
});
