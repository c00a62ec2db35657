import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '#shared/accounts';
import { paymentMessages, type PaymentIntent } from '#shared/payments';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp, type TestUser } from '#server/test/auth';
import { confirmPayment, newIntent, recordOf } from '#server/test/payment-calls';
import { startStripeFake, type StripeFake } from '#server/test/stripe-fake';

let stripe: StripeFake;
let t: TestApp;
beforeAll(async () => {
  stripe = await startStripeFake();
  t = await createTestApp({ payments: stripe.config });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const deliver = (body: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature !== undefined && { 'stripe-signature': signature }),
    },
    payload: body,
  });

async function paidIntent(payer: TestUser, price = 10): Promise<PaymentIntent> {
  const intent = await newIntent(t, payer, price);
  stripe.succeed(intent.paymentIntentId);
  return intent;
}

const historyOf = async (payer: TestUser) => (await recordOf(t, payer)).subscriptionHistory;

describe('POST /api/payments/webhook (Stripe)', () => {
  it('grants the plan once for a signed payment_intent.succeeded, however often it comes', async () => {
    const payer = await signUp(t.app);
    const intent = await paidIntent(payer);
    const event = stripe.signedEvent(intent.paymentIntentId);

    const first = await deliver(event.body, event.signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const duplicates = await Promise.all([1, 2, 3].map(() => deliver(event.body, event.signature)));
    expect(duplicates.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(await historyOf(payer)).toHaveLength(1);

    // The page's confirm, arriving after the webhook, finds the plan granted and adds nothing.
    const confirm = await confirmPayment(t, payer, intent.paymentIntentId);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json<UserRecord>()).toMatchObject({ isPremium: true });
    expect(confirm.json<UserRecord>().subscriptionHistory).toHaveLength(1);
  });

  it('takes a signed event sent from another site: the signature, not the origin, proves it', async () => {
    const payer = await signUp(t.app);
    const intent = await paidIntent(payer);
    const event = stripe.signedEvent(intent.paymentIntentId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': event.signature,
        origin: 'https://stripe.example',
        'sec-fetch-site': 'cross-site',
      },
      payload: event.body,
    });
    expect(res.statusCode).toBe(200);
    expect(await historyOf(payer)).toHaveLength(1);
  });

  it('refuses a missing, forged or foreign signature and grants nothing', async () => {
    const payer = await signUp(t.app);
    const intent = await paidIntent(payer);
    const event = stripe.signedEvent(intent.paymentIntentId);
    const foreign = stripe.signedEvent(intent.paymentIntentId, 'whsec_someone_else');
    const forged = event.signature.replace(/v1=[0-9a-f]{4}/, 'v1=0000');

    for (const [label, signature] of [
      ['missing', undefined],
      ['empty', ''],
      ['forged', forged],
      ['other secret', foreign.signature],
      ['garbage', 'nonsense'],
    ] as const) {
      const res = await deliver(event.body, signature);
      expect(res.statusCode, label).toBe(400);
      expect(res.json()).toEqual({ error: 'bad_request', message: paymentMessages.badSignature });
    }
    // A good signature over another body does not carry over to this one.
    const tampered = event.body.replace('"amount":1000', '"amount":1');
    expect((await deliver(tampered, event.signature)).statusCode).toBe(400);
    expect(await historyOf(payer)).toEqual([]);
  });

  it('checks a signed event with Stripe before granting, and ignores payments it never started', async () => {
    const payer = await signUp(t.app);
    const { paymentIntentId } = await newIntent(t, payer, 20);
    // Signed, but Stripe says the card has not paid: nothing is granted, and Stripe is not
    // asked to retry.
    const unpaid = stripe.signedEvent(paymentIntentId);
    expect((await deliver(unpaid.body, unpaid.signature)).statusCode).toBe(200);
    expect(await historyOf(payer)).toEqual([]);

    const stranger = stripe.signedEvent('pi_not_ours');
    expect((await deliver(stranger.body, stranger.signature)).statusCode).toBe(200);
  });

  it('asks Stripe to retry when Stripe cannot be reached to check the payment', async () => {
    const payer = await signUp(t.app);
    const intent = await paidIntent(payer);
    const event = stripe.signedEvent(intent.paymentIntentId);
    stripe.down(true);
    try {
      const res = await deliver(event.body, event.signature);
      expect(res.statusCode).toBe(503);
      const confirm = await confirmPayment(t, payer, intent.paymentIntentId);
      expect(confirm.statusCode).toBe(503);
    } finally {
      stripe.down(false);
    }
    expect((await deliver(event.body, event.signature)).statusCode).toBe(200);
    expect(await historyOf(payer)).toHaveLength(1);
  });

  it('is not there with the demo provider, which sends no webhooks', async () => {
    const demo = await createTestApp();
    try {
      const res = await demo.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await demo.close();
    }
  });
});
