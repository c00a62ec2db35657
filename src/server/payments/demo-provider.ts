import { randomBytes } from 'node:crypto';
import type { DemoCharge } from '#shared/payments';
import type { Db } from '#server/db/database';
import { AppError } from '#server/errors';
import { chargeDemoCard } from './demo-cards.js';
import type { PaymentProvider } from './provider.js';

export interface DemoPaymentProvider extends PaymentProvider {
  readonly kind: 'demo';
  /**
   * What Stripe does when the card form confirms a payment: charges the card (a test number) and
   * marks the intent succeeded. The caller must be the payer the intent was created for.
   */
  charge(input: DemoCharge, payerId: string, now: Date): Promise<void>;
}

const token = () => randomBytes(12).toString('base64url');

/**
 * An in-process stand-in for Stripe that takes no money: it keeps its intents in the database
 * (so several server processes agree) and answers with Stripe's statuses, so the server grants
 * premium through exactly the same checks as with Stripe.
 */
export function createDemoProvider(db: Db): DemoPaymentProvider {
  return {
    kind: 'demo',
    publicConfig: { provider: 'demo' },

    async createIntent({ amount, currency, userId }) {
      const id = `pi_demo_${token()}`;
      const clientSecret = `${id}_secret_${token()}`;
      await db
        .insertInto('demoPaymentIntent')
        .values({
          id,
          clientSecret,
          amount,
          currency,
          userId,
          status: 'requires_payment_method',
          createdAt: new Date().toISOString(),
        })
        .execute();
      return { id, clientSecret };
    },

    async retrieveIntent(id) {
      const row = await db
        .selectFrom('demoPaymentIntent')
        .select(['id', 'status', 'amount', 'currency', 'userId'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ?? null;
    },

    async charge({ clientSecret, card }, payerId, now) {
      const intent = await db
        .selectFrom('demoPaymentIntent')
        .select(['id', 'status', 'userId'])
        .where('clientSecret', '=', clientSecret)
        .executeTakeFirst();
      if (!intent || intent.userId !== payerId) {
        throw new AppError('not_found', 'No payment of yours has this secret');
      }
      if (intent.status === 'succeeded') {
        throw new AppError('conflict', 'This payment has already succeeded');
      }
      const outcome = chargeDemoCard(card, now);
      if (!outcome.ok) throw new AppError('payment_required', outcome.message);
      await db
        .updateTable('demoPaymentIntent')
        .set({ status: 'succeeded' })
        .where('id', '=', intent.id)
        .execute();
    },
  };
}
