import Stripe from 'stripe';
import type { PaymentsConfig } from '#server/config';
import { AppError } from '#server/errors';
import { paymentMessages } from '#shared/payments';
import type { PaymentProvider, ProviderEvent } from './provider.js';

type StripeConfig = Extract<PaymentsConfig, { kind: 'stripe' }>;

export interface StripePaymentProvider extends PaymentProvider {
  readonly kind: 'stripe';
  /** Checks a webhook's signature over the raw body and reads the event; throws when it fails. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

/** Stripe Payment Intents through the official SDK; webhooks are checked against their signature. */
export function createStripeProvider(config: StripeConfig): StripePaymentProvider {
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'http:' ? 80 : 443),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
    }),
  });

  return {
    kind: 'stripe',
    publicConfig: { provider: 'stripe', publishableKey: config.publishableKey },

    async createIntent({ amount, currency, userId, plan }) {
      const intent = await stripe.paymentIntents.create({
        amount,
        currency,
        // The page pays with Stripe's card form, so cards are the one method offered.
        allowed_payment_method_types: ['card'],
        metadata: { userId, plan },
      });
      if (!intent.client_secret)
        throw new Error('Stripe answered a payment intent without a secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async retrieveIntent(id) {
      try {
        const intent = await stripe.paymentIntents.retrieve(id);
        return {
          id: intent.id,
          status: intent.status,
          amount: intent.amount,
          currency: intent.currency,
          userId: intent.metadata.userId ?? null,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          return null;
        }
        throw error;
      }
    },

    verifyWebhook(rawBody, signature) {
      if (!signature) throw new AppError('bad_request', paymentMessages.badSignature);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch {
        throw new AppError('bad_request', paymentMessages.badSignature);
      }
      const object = event.data.object as { object?: string; id?: string };
      return {
        type: event.type,
        intentId: object.object === 'payment_intent' && object.id ? object.id : null,
      };
    },
  };
}
