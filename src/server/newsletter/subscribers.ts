import { createHash, randomBytes } from 'node:crypto';
import type { NewsletterPreferences } from '#shared/newsletter';
import type { Db } from '#server/db/database';
import { toBool } from '#server/db/values';

/** How long a confirmation link works. */
export const confirmationLifetimeMs = 7 * 24 * 60 * 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The ids of the publishers named, and the first name that is no publisher's. */
export async function publisherIdsByName(
  db: Db,
  names: readonly string[],
): Promise<{ ids: number[]; unknown?: string }> {
  if (names.length === 0) return { ids: [] };
  const rows = await db
    .selectFrom('publisher')
    .select(['id', 'name'])
    .where('name', 'in', names)
    .execute();
  const byName = new Map(rows.map((row) => [row.name, row.id]));
  const unknown = names.find((name) => !byName.has(name));
  return { ids: names.map((name) => byName.get(name)!), unknown };
}

export type SubscriptionRequest =
  | { kind: 'confirm'; token: string }
  /** The address is confirmed already: its choices stay as its owner made them. */
  | { kind: 'already-confirmed' };

/**
 * Records a request to subscribe `email`: a new address, or one that is pending, unsubscribed or
 * suppressed, becomes pending with these choices and a new confirmation token (the one
 * returned; only its hash is kept). A confirmed address is left as it is, so that nobody but its
 * owner changes what it receives. One statement decides, so two requests at once cannot both
 * insert.
 */
export async function requestSubscription(
  db: Db,
  email: string,
  publisherIds: readonly number[],
  now: Date,
): Promise<SubscriptionRequest> {
  const token = randomBytes(32).toString('base64url');
  const pending = {
    status: 'pending' as const,
    digest: true,
    confirmTokenHash: hashOf(token),
    confirmExpiresAt: new Date(now.getTime() + confirmationLifetimeMs).toISOString(),
    updatedAt: now.toISOString(),
  };
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('newsletterSubscriber')
      .values({ email, ...pending, createdAt: now.toISOString() })
      .onConflict((conflict) =>
        conflict
          .column('email')
          .doUpdateSet(pending)
          .where('newsletterSubscriber.status', '<>', 'confirmed'),
      )
      .returning('id')
      .executeTakeFirst();
    if (!row) return { kind: 'already-confirmed' };
    await trx
      .deleteFrom('newsletterSubscriberPublisher')
      .where('subscriberId', '=', row.id)
      .execute();
    if (publisherIds.length > 0) {
      await trx
        .insertInto('newsletterSubscriberPublisher')
        .values(publisherIds.map((publisherId) => ({ subscriberId: row.id, publisherId })))
        .execute();
    }
    return { kind: 'confirm', token };
  });
}

/**
 * Confirms the pending address whose link carries `token`, while the link works; an account
 * with the same address is linked to it. Answers whether one was confirmed.
 */
export async function confirmSubscription(db: Db, token: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('newsletterSubscriber')
    .set((eb) => ({
      status: 'confirmed',
      confirmTokenHash: null,
      confirmExpiresAt: null,
      confirmedAt: now.toISOString(),
      updatedAt: now.toISOString(),
      userId: eb
        .selectFrom('user')
        .select('user.id')
        .whereRef('user.email', '=', 'newsletterSubscriber.email'),
    }))
    .where('confirmTokenHash', '=', hashOf(token))
    .where('status', '=', 'pending')
    .where('confirmExpiresAt', '>', now.toISOString())
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A subscriber's address, state and choices, as their preferences page shows them. */
export async function preferencesOf(
  db: Db,
  subscriberId: number,
): Promise<NewsletterPreferences | undefined> {
  const row = await db
    .selectFrom('newsletterSubscriber')
    .select(['email', 'status', 'digest'])
    .where('id', '=', subscriberId)
    .executeTakeFirst();
  if (!row) return undefined;
  const publishers = await db
    .selectFrom('newsletterSubscriberPublisher')
    .innerJoin('publisher', 'publisher.id', 'newsletterSubscriberPublisher.publisherId')
    .select('publisher.name')
    .where('subscriberId', '=', subscriberId)
    .orderBy('publisher.name')
    .execute();
  return {
    email: row.email,
    status: row.status,
    digest: toBool(row.digest),
    publishers: publishers.map((p) => p.name),
  };
}

export type ChoicesOutcome = 'saved' | 'unsubscribed' | 'suppressed' | 'missing';

/**
 * Saves a subscriber's choices from their own link (which reached their mailbox, so it may also
 * bring an unsubscribed address back). Choosing nothing unsubscribes. A suppressed address
 * (its mail was returned) keeps its state until it subscribes again with a new confirmation.
 */
export async function saveChoices(
  db: Db,
  subscriberId: number,
  choices: { digest: boolean; publisherIds: readonly number[] },
  now: Date,
): Promise<ChoicesOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('newsletterSubscriber')
      .select('status')
      .where('id', '=', subscriberId)
      .executeTakeFirst();
    if (!row) return 'missing';
    if (row.status === 'suppressed') return 'suppressed';
    const leaving = !choices.digest && choices.publisherIds.length === 0;
    const status = leaving ? 'unsubscribed' : row.status === 'pending' ? 'pending' : 'confirmed';
    await trx
      .updateTable('newsletterSubscriber')
      .set({ digest: choices.digest, status, updatedAt: now.toISOString() })
      .where('id', '=', subscriberId)
      .execute();
    await trx
      .deleteFrom('newsletterSubscriberPublisher')
      .where('subscriberId', '=', subscriberId)
      .execute();
    if (choices.publisherIds.length > 0) {
      await trx
        .insertInto('newsletterSubscriberPublisher')
        .values(choices.publisherIds.map((publisherId) => ({ subscriberId, publisherId })))
        .execute();
    }
    return leaving ? 'unsubscribed' : 'saved';
  });
}

/** Unsubscribes at once (one-click, RFC 8058); answers whether the subscriber exists. */
export async function unsubscribe(db: Db, subscriberId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('newsletterSubscriber')
    .set({ status: 'unsubscribed', updatedAt: now.toISOString() })
    .where('id', '=', subscriberId)
    .where('status', '<>', 'suppressed')
    .executeTakeFirst();
  if (result.numUpdatedRows > 0n) return true;
  const exists = await db
    .selectFrom('newsletterSubscriber')
    .select('id')
    .where('id', '=', subscriberId)
    .executeTakeFirst();
  return exists !== undefined;
}
