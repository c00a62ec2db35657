import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '#server/db/database';

/** How long a claimed delivery is this server's to send, before another may take it. */
const claimMs = 60_000;
/** Tries before a delivery that keeps failing for a while is given up on. */
export const maxAttempts = 5;
/** The wait before the next try: a minute, then doubling. */
export const retryDelayMs = (attempts: number) => 60_000 * 2 ** Math.max(0, attempts - 1);

export interface ClaimedDelivery {
  sendId: number;
  subscriberId: number;
  attempts: number;
}

/**
 * Takes up to `limit` due deliveries for this server, counting the try, in one statement. On
 * PostgreSQL the due rows are locked `FOR UPDATE SKIP LOCKED`: servers claiming at once each
 * take different rows, none waiting for another's (decision 021). SQLite has one writer.
 */
export async function claimDueDeliveries(
  db: Db,
  now: number,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const free = sql<boolean>`(claimed_until is null or claimed_until <= ${now})`;
  const due = db
    .selectFrom('newsletterDelivery')
    .select(['sendId', 'subscriberId'])
    .where('status', '=', 'queued')
    .where('nextAttemptAt', '<=', now)
    .where(free)
    .orderBy('nextAttemptAt')
    .limit(limit)
    .$if(db.getExecutor().adapter instanceof PostgresAdapter, (q) => q.forUpdate().skipLocked());
  const rows = await db
    .updateTable('newsletterDelivery')
    .set({ claimedUntil: now + claimMs, attempts: sql`attempts + 1` })
    .where(sql<boolean>`(send_id, subscriber_id) in (${due})`)
    .where('status', '=', 'queued')
    .where(free)
    .returning(['sendId', 'subscriberId', 'attempts'])
    .execute();
  return rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
}

const delivery = (d: ClaimedDelivery) => (db: Db) =>
  db
    .updateTable('newsletterDelivery')
    .where('sendId', '=', d.sendId)
    .where('subscriberId', '=', d.subscriberId);

/**
 * Whether a claimed delivery is still to go: a send stopped by its complaints, or an address
 * suppressed, gives up its queued deliveries, those claimed by a batch in progress too.
 */
export async function stillQueued(db: Db, d: ClaimedDelivery): Promise<boolean> {
  const row = await db
    .selectFrom('newsletterDelivery')
    .select('status')
    .where('sendId', '=', d.sendId)
    .where('subscriberId', '=', d.subscriberId)
    .executeTakeFirst();
  return row?.status === 'queued';
}

/** The mail server took it: never sent again. */
export async function markDelivered(db: Db, d: ClaimedDelivery, now: number): Promise<void> {
  await delivery(d)(db)
    .set({ status: 'sent', sentAt: now, claimedUntil: null, lastError: null })
    .execute();
}

/**
 * A failed try: a temporary failure is tried again after the backoff, until the last try; a
 * permanent one (the mail server refused the address) is given up on at once.
 */
export async function markUndelivered(
  db: Db,
  d: ClaimedDelivery,
  failure: { message: string; permanent: boolean },
  now: number,
): Promise<'retry' | 'given up'> {
  const givenUp = failure.permanent || d.attempts >= maxAttempts;
  await delivery(d)(db)
    .set({
      claimedUntil: null,
      lastError: failure.message.slice(0, 500),
      ...(givenUp
        ? { status: 'failed' as const }
        : { nextAttemptAt: now + retryDelayMs(d.attempts) }),
    })
    .execute();
  return givenUp ? 'given up' : 'retry';
}

/** Marks done each of these sends that has nothing left to deliver. */
export async function finishSends(db: Db, sendIds: number[], now: Date): Promise<void> {
  if (sendIds.length === 0) return;
  await db
    .updateTable('newsletterSend')
    .set({ status: 'done', finishedAt: now.toISOString() })
    .where('id', 'in', sendIds)
    .where('status', '=', 'sending')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('newsletterDelivery')
            .select('sendId')
            .whereRef('newsletterDelivery.sendId', '=', 'newsletterSend.id')
            .where('newsletterDelivery.status', '=', 'queued'),
        ),
      ),
    )
    .execute();
}
