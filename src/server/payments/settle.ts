import type { FastifyInstance } from 'fastify';
import { paymentMessages } from '#shared/payments';
import { AppError } from '#server/errors';
import { receiptMail } from '#server/mail/templates';
import { grantPremium } from './grant.js';
import type { PaymentRecord } from './queries.js';

/**
 * The one path to premium, for the page's confirm and the provider's webhook alike: ask the
 * provider about the intent, check it succeeded for the user and the amount we recorded, then
 * grant once. Answers whether this call granted (false: granted before).
 */
export async function settlePayment(
  app: FastifyInstance,
  payment: PaymentRecord,
): Promise<boolean> {
  if (payment.status === 'granted') return false;
  const intent = await askProvider(app, () => app.payments.retrieveIntent(payment.id));
  if (!intent) throw new AppError('not_found', paymentMessages.noSuchPayment);
  if (intent.status !== 'succeeded') {
    throw new AppError('payment_required', paymentMessages.notSucceeded);
  }
  if (
    intent.amount !== payment.amount ||
    intent.currency !== payment.currency ||
    intent.userId !== payment.userId
  ) {
    throw new AppError('conflict', paymentMessages.mismatch);
  }
  // The receipt goes whatever the reader's notice setting: it is a record of money paid.
  const granted = await grantPremium(app.database.db, payment, app.clock(), (trx, grant) =>
    app.mail.send(trx, receiptMail(app.mail.site, grant.user, grant), `receipt:${payment.id}`),
  );
  if (granted) await app.analytics.purchase('subscription', payment.userId);
  return granted;
}

/** Runs a provider call; a provider that cannot be reached is a 503 the payer can retry. */
export async function askProvider<T>(app: FastifyInstance, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    app.log.error({ err: error }, 'payment provider call failed');
    throw new AppError(
      'unavailable',
      'The payment provider could not be reached. Please try again in a moment.',
    );
  }
}
