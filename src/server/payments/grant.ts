import { planById } from '#shared/plans';
import { premiumExtendsFrom } from '#shared/rules/premium';
import type { Db } from '#server/db/database';
import { toIsoOrNull } from '#server/db/values';
import type { PaymentRecord } from './queries.js';

/** What a grant gave, for its receipt. */
export interface Grant {
  user: { name: string; email: string };
  plan: string;
  amountCents: number;
  expiresAt: string;
  transactionId: string;
}

/**
 * Grants the premium a verified payment bought, once: the payment flips from pending to granted
 * in the same transaction that extends the expiry and writes the subscription history entry, so
 * the page's confirm and the provider's webhook can both arrive, in any order or together, and
 * only one of them grants. Answers false when the payment had already been granted.
 *
 * The new expiry is the plan's period after the later of now and the current expiry: buying
 * again while premium adds to the time left instead of throwing it away.
 *
 * `afterGrant` runs inside the same transaction, so the receipt it queues exists exactly when
 * the grant does.
 */
export async function grantPremium(
  db: Db,
  payment: PaymentRecord,
  now: Date,
  afterGrant?: (trx: Db, grant: Grant) => Promise<unknown>,
): Promise<boolean> {
  const plan = planById(payment.plan);
  if (!plan) throw new Error(`Payment ${payment.id} names no known plan (${payment.plan})`);
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('payment')
      .set({ status: 'granted', grantedAt: at })
      .where('id', '=', payment.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 0n) return false;

    // Writing the user row first locks it (PostgreSQL), so two payments of one user stack
    // instead of both reading the same old expiry. SQLite's transaction already holds the lock.
    const user = await trx
      .updateTable('user')
      .set({ updatedAt: at })
      .where('id', '=', payment.userId)
      .returning(['premiumUntil', 'name', 'email'])
      .executeTakeFirstOrThrow();
    const from = premiumExtendsFrom(toIsoOrNull(user.premiumUntil), now);
    const expiresAt = new Date(from.getTime() + plan.durationMs).toISOString();

    await trx
      .updateTable('user')
      .set({ premiumUntil: expiresAt })
      .where('id', '=', payment.userId)
      .execute();
    await trx
      .insertInto('subscription')
      .values({
        userId: payment.userId,
        plan: plan.id,
        price: payment.amount,
        transactionId: payment.id,
        purchasedAt: at,
        expiresAt,
      })
      .execute();
    await afterGrant?.(trx, {
      user: { name: user.name, email: user.email },
      plan: plan.label,
      amountCents: payment.amount,
      expiresAt,
      transactionId: payment.id,
    });
    return true;
  });
}
