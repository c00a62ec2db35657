import type { PaymentIntent } from '#shared/payments';
import type { PaymentsConfig } from '#server/config';
import type { TestApp } from './app.js';
import type { TestUser } from './auth.js';
import { startStripeFake, type StripeFake } from './stripe-fake.js';

/**
 * Each payment provider with what a test needs around it: how a payer's card pays an intent
 * (the demo's own card endpoint; for Stripe, what Stripe.js does against Stripe), and a way to
 * make the provider report another amount, to see that the server checks it.
 */
export interface PaymentPeer {
  name: 'demo' | 'stripe';
  config: PaymentsConfig;
  pay(t: TestApp, payer: TestUser, intent: PaymentIntent): Promise<void>;
  reportAmount(t: TestApp, intentId: string, amount: number): Promise<void>;
  /** The Stripe fake, to sign webhooks with; none for the demo. */
  stripe?: StripeFake;
  close(): Promise<void>;
}

export const paymentPeers: { name: string; start: () => Promise<PaymentPeer> }[] = [
  { name: 'demo', start: startDemoPeer },
  { name: 'stripe', start: startStripePeer },
];

/** The demo card form's answer for Stripe's succeeding test card. */
export const goodCard = { number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };

async function startDemoPeer(): Promise<PaymentPeer> {
  return {
    name: 'demo',
    config: { kind: 'demo' },
    pay: async (t, payer, intent) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/demo/charge',
        headers: { cookie: payer.cookie },
        payload: {
          clientSecret: intent.clientSecret,
          card: goodCard,
          billingDetails: { name: payer.user.name, email: payer.user.email },
        },
      });
      if (res.statusCode !== 200) throw new Error(`demo charge failed: ${res.body}`);
    },
    reportAmount: async (t, intentId, amount) => {
      await t.database.handle.db
        .updateTable('demoPaymentIntent')
        .set({ amount })
        .where('id', '=', intentId)
        .execute();
    },
    close: async () => undefined,
  };
}

async function startStripePeer(): Promise<PaymentPeer> {
  const stripe = await startStripeFake();
  return {
    name: 'stripe',
    config: stripe.config,
    stripe,
    pay: async (_t, _payer, intent) => stripe.succeed(intent.paymentIntentId),
    reportAmount: async (_t, intentId, amount) => stripe.alter(intentId, { amount }),
    close: () => stripe.close(),
  };
}
