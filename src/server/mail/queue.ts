import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '#server/db/database';
import type { OutgoingMail } from './transport.js';

/** What a message is (templates.ts), kept with whom it went to and when once it is handled. */
export type MailKind =
  | 'password-reset'
  | 'email-verification'
  | 'article-review'
  | 'receipt'
  | 'premium-reminder'
  | 'newsletter-confirmation'
  | 'newsletter-stopped';

/** A rendered message (templates.ts) and whom it goes to. */
export interface MailMessage {
  to: string;
  kind: MailKind;
  /**
   * It carries a secret (a link that resets a password or confirms an address): once it is sent
   * or given up on, its subject and bodies are cleared from the queue.
   */
  secret: boolean;
  subject: string;
  text: string;
  html: string;
}

/** How long a claimed message is a server's to send before another may take it. */
const claimMs = 60_000;
/** Tries before a message is given up on; the waits between them double from 30 s to an hour. */
export const maxAttempts = 8;
const firstRetryMs = 30_000;
const longestRetryMs = 60 * 60_000;

/** The wait before try `attempts + 1`, after `attempts` failed ones. */
export function retryDelayMs(attempts: number): number {
  return Math.min(firstRetryMs * 2 ** (attempts - 1), longestRetryMs);
}

/**
 * Puts a message in the queue, in the caller's transaction when it passes one, so the message
 * exists exactly when the write that caused it commits. With `dedupeKey`, a message already
 * queued under that key (by any process, at any time it is kept) makes this do nothing;
 * answers whether it was queued.
 */
export async function enqueueMail(
  db: Db,
  message: MailMessage,
  options: { now: number; dedupeKey?: string },
): Promise<boolean> {
  const result = await db
    .insertInto('mailQueue')
    .values({
      id: randomUUID(),
      toAddress: message.to,
      kind: message.kind,
      carriesSecret: message.secret,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      dedupeKey: options.dedupeKey ?? null,
      nextAttemptAt: options.now,
      createdAt: options.now,
    })
    .onConflict((oc) => oc.column('dedupeKey').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Takes up to `limit` due messages for this server to send, counting the try. One statement on
 * both engines: on PostgreSQL a second server's claim of the same row waits for the first's,
 * then finds the row claimed (the outer conditions are checked again) and leaves it.
 */
export async function claimDueMail(db: Db, now: number, limit: number): Promise<OutgoingMail[]> {
  const free = sql<boolean>`(claimed_until is null or claimed_until <= ${now})`;
  const due = db
    .selectFrom('mailQueue')
    .select('id')
    .where('sentAt', 'is', null)
    .where('failedAt', 'is', null)
    .where('nextAttemptAt', '<=', now)
    .where(free)
    .orderBy('nextAttemptAt')
    .limit(limit);
  const rows = await db
    .updateTable('mailQueue')
    .set({ claimedUntil: now + claimMs, attempts: sql`attempts + 1` })
    .where('id', 'in', due)
    .where('sentAt', 'is', null)
    .where(free)
    .returning(['id', 'toAddress', 'subject', 'textBody', 'htmlBody'])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
  }));
}

/**
 * A handled message that carries a secret keeps whom it went to, its kind and its times, not
 * what it said: the queue is no store of live links.
 */
const secretsCleared = {
  subject: sql<string>`case when carries_secret then '' else subject end`,
  textBody: sql<string>`case when carries_secret then '' else text_body end`,
  htmlBody: sql<string>`case when carries_secret then '' else html_body end`,
};

export async function markSent(db: Db, id: string, now: number): Promise<void> {
  await db
    .updateTable('mailQueue')
    .set({ sentAt: now, claimedUntil: null, lastError: null, ...secretsCleared })
    .where('id', '=', id)
    .execute();
}

/** A failed try: due again after the backoff, or given up on after the last one. */
export async function markFailed(
  db: Db,
  id: string,
  error: string,
  now: number,
): Promise<'retry' | 'given up'> {
  const row = await db
    .selectFrom('mailQueue')
    .select('attempts')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const givenUp = row.attempts >= maxAttempts;
  await db
    .updateTable('mailQueue')
    .set({
      claimedUntil: null,
      lastError: error.slice(0, 500),
      ...(givenUp
        ? { failedAt: now, ...secretsCleared }
        : { nextAttemptAt: now + retryDelayMs(row.attempts) }),
    })
    .where('id', '=', id)
    .execute();
  return givenUp ? 'given up' : 'retry';
}

/** Handled messages are kept this long (a dedupe key holds while its row is kept). */
export const keptMs = 30 * 24 * 60 * 60_000;

/** Deletes up to `limit` messages sent or given up on more than `keptMs` ago. */
export async function deleteHandledMail(db: Db, now: number, limit: number): Promise<number> {
  const old = db
    .selectFrom('mailQueue')
    .select('id')
    .where('createdAt', '<', now - keptMs)
    .where((eb) => eb.or([eb('sentAt', 'is not', null), eb('failedAt', 'is not', null)]))
    .limit(limit);
  const result = await db.deleteFrom('mailQueue').where('id', 'in', old).executeTakeFirst();
  return Number(result.numDeletedRows);
}
