import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userRecordSchema } from '#shared/accounts';
import { apiErrorSchema } from '#shared/api-error';
import {
  confirmPaymentSchema,
  createPaymentIntentSchema,
  paymentConfigSchema,
  paymentIntentSchema,
  paymentMessages,
} from '#shared/payments';
import { planByPrice } from '#shared/plans';
import { consumeAttempt } from '#server/rate-limit/attempts';
import { mustBe, requireUser, requireVerifiedUser } from '#server/auth/guards';
import { AppError } from '#server/errors';
import { findUserRecord } from '#server/users/queries';
import { findPayment, recordPayment } from './queries.js';
import { askProvider, settlePayment } from './settle.js';
import { rateLimits } from '#shared/rules/limits';

const error = apiErrorSchema;

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/api/payments/config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Which card form the payment page shows: the demo one, or Stripe with its key',
        response: { 200: paymentConfigSchema },
      },
    },
    () => app.payments.publicConfig,
  );

  app.post(
    '/api/create-payment-intent',
    {
      onRequest: mustBe.verified,
      schema: {
        tags: ['payments'],
        summary:
          'Starts paying for the plan with this price in dollars (signed in); answers the ' +
          'secret the card form pays with. Nothing is granted until the payment is confirmed',
        body: createPaymentIntentSchema,
        response: { 200: paymentIntentSchema, 400: error, 401: error, 429: error, 503: error },
      },
    },
    async (request) => {
      const caller = await requireVerifiedUser(request);
      const plan = planByPrice(request.body.price);
      if (!plan) throw new AppError('bad_request', paymentMessages.unknownPrice);
      const now = app.clock();
      if (
        !(await consumeAttempt(
          db,
          'payment-intent',
          caller.id,
          rateLimits.paymentIntents,
          now.getTime(),
        ))
      ) {
        throw new AppError('rate_limited', paymentMessages.tooManyIntents);
      }
      const payment = { userId: caller.id, plan: plan.id, amount: plan.price, currency: 'usd' };
      const intent = await askProvider(app, () => app.payments.createIntent(payment));
      await recordPayment(db, { id: intent.id, ...payment }, now);
      await app.analytics.purchase('checkout', caller.id, request);
      return { paymentIntentId: intent.id, clientSecret: intent.clientSecret };
    },
  );

  app.post(
    '/api/payments/confirm',
    {
      onRequest: mustBe.signedIn,
      schema: {
        tags: ['payments'],
        summary:
          'After the card form paid: the server asks the provider whether this payment of ' +
          "the caller's succeeded for its plan's amount, grants premium once, and answers the " +
          "caller's record. Confirming again changes nothing",
        body: confirmPaymentSchema,
        response: {
          200: userRecordSchema,
          400: error,
          401: error,
          402: error,
          404: error,
          409: error,
          503: error,
        },
      },
    },
    async (request) => {
      const caller = await requireUser(request);
      const payment = await findPayment(db, request.body.paymentIntentId);
      // Someone else's payment is answered like a missing one: its existence is not ours to tell.
      if (!payment || payment.userId !== caller.id) {
        throw new AppError('not_found', paymentMessages.noSuchPayment);
      }
      await settlePayment(app, payment);
      const record = await findUserRecord(db, { id: caller.id }, app.clock());
      if (!record) throw new AppError('not_found', 'This account no longer exists');
      return record;
    },
  );
};
