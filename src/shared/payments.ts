import { z } from 'zod';

/** The spec's payment texts and the errors the payment API answers with. */
export const paymentMessages = {
  thanks: 'Thank you for the payment',
  unknownPrice: 'Choose one of the plans: $1, $10 or $20',
  noSuchPayment: 'No payment of yours has this id',
  notSucceeded: 'This payment has not been completed',
  mismatch: 'This payment does not match the plan it was made for',
  badSignature: 'The webhook signature is missing or does not match',
  tooManyIntents: 'Too many payment attempts. Please try again in an hour.',
} as const;

/** POST /api/create-payment-intent: the price in whole dollars, as the plan cards carry it. */
export const createPaymentIntentSchema = z.strictObject({
  price: z.number({ error: 'price must be a number' }).min(0, 'price must be 0 or more'),
});

export const paymentIntentSchema = z.object({
  /** The provider's id for this payment; the page sends it back to confirm. */
  paymentIntentId: z.string(),
  /** What the card form needs to pay (Stripe's client secret). */
  clientSecret: z.string(),
});

export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

/** GET /api/payments/config: which card form the payment page shows. */
export const paymentConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('demo') }),
  z.object({ provider: z.literal('stripe'), publishableKey: z.string() }),
]);

export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

export const confirmPaymentSchema = z.strictObject({
  paymentIntentId: z.string().min(1).max(255),
});

/** The demo provider's card form, as the page sends it (see src/server/payments/demo-cards.ts). */
export const demoChargeSchema = z.strictObject({
  clientSecret: z.string().min(1).max(255),
  card: z.strictObject({
    number: z.string().max(40),
    expiry: z.string().max(10),
    cvc: z.string().max(10),
  }),
  billingDetails: z.strictObject({
    name: z.string().max(200),
    email: z.string().max(254),
  }),
});

export type DemoCharge = z.infer<typeof demoChargeSchema>;
