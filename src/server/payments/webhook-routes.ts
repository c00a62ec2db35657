import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '#server/errors';
import { findPayment } from './queries.js';
import { settlePayment } from './settle.js';
import type { StripePaymentProvider } from './stripe-provider.js';

/**
 * The provider's webhook (Stripe's `payment_intent.succeeded`). The signature covers the exact
 * bytes sent, so this plugin keeps JSON bodies raw; it is its own encapsulated context, and the
 * rest of the API keeps parsing JSON as usual. A 2xx tells the provider to stop retrying, so
 * only a failure that a retry could mend (the provider unreachable) answers 5xx.
 */
export const paymentWebhookRoutes: FastifyPluginAsync<{ provider: StripePaymentProvider }> = async (
  app,
  { provider },
) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/api/payments/webhook',
    {
      // Stripe's servers call this from no site of ours; the signature proves them instead.
      config: { acceptsCrossSite: true },
      schema: {
        tags: ['payments'],
        summary: "Stripe's events, checked against their signature",
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError('bad_request', 'A webhook body must be JSON');
      }
      const signature = request.headers['stripe-signature'];
      const event = provider.verifyWebhook(
        request.body,
        typeof signature === 'string' ? signature : undefined,
      );
      if (event.type !== 'payment_intent.succeeded' || !event.intentId) return { received: true };

      const payment = await findPayment(app.database.db, event.intentId);
      if (!payment) {
        request.log.warn({ intentId: event.intentId }, 'webhook for a payment we did not start');
        return { received: true };
      }
      try {
        await settlePayment(app, payment);
      } catch (error) {
        if (!(error instanceof AppError) || error.code === 'unavailable') throw error;
        request.log.warn({ err: error, intentId: payment.id }, 'webhook payment not granted');
      }
      return { received: true };
    },
  );
};
