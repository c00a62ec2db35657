import type { PlanId } from '#shared/plans';
import type { Db } from '#server/db/database';

export interface PaymentRecord {
  id: string;
  userId: string;
  plan: string;
  amount: number;
  currency: string;
  status: 'pending' | 'granted';
}

/** Notes an intent the provider created for this user and plan; nothing is granted yet. */
export async function recordPayment(
  db: Db,
  payment: { id: string; userId: string; plan: PlanId; amount: number; currency: string },
  now: Date,
): Promise<void> {
  await db
    .insertInto('payment')
    .values({ ...payment, createdAt: now.toISOString() })
    .execute();
}

export async function findPayment(db: Db, id: string): Promise<PaymentRecord | null> {
  const row = await db
    .selectFrom('payment')
    .select(['id', 'userId', 'plan', 'amount', 'currency', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}
