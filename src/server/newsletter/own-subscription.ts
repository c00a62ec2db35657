import type { NewsletterMine } from '#shared/api/newsletter-reader';
import type { Db } from '#server/db/database';
import {
  preferencesOf,
  requestSubscription,
  saveChoices,
  type ChoicesOutcome,
} from './subscribers.js';

/*
 * A signed-in reader's own subscription, by their account's address (My Profile): nobody
 * reaches another address's through these, since the address is the session's, never the
 * request's.
 */

/** The address's subscriber row, if it ever asked. */
const subscriberOf = (db: Db, email: string) =>
  db
    .selectFrom('newsletterSubscriber')
    .select(['id', 'status'])
    .where('email', '=', email)
    .executeTakeFirst();

/** The account address's newsletter state and choices; `none` when it never asked. */
export async function ownSubscription(db: Db, email: string): Promise<NewsletterMine> {
  const row = await subscriberOf(db, email);
  const preferences = row && (await preferencesOf(db, row.id));
  return preferences ?? { email, status: 'none', digest: false, publishers: [] };
}

export interface OwnChoices {
  digest: boolean;
  publisherIds: readonly number[];
}

export type OwnOutcome =
  | { kind: Exclude<ChoicesOutcome, 'missing'> }
  | { kind: 'subscribed' }
  /** Double opt-in: the confirmation link goes to the address. */
  | { kind: 'confirm'; token: string };

/**
 * Whether subscribing the account's address takes the mailed link (double opt-in): unless it is
 * confirmed already, when the account's address is not verified, or its mail was returned.
 */
export function confirmsByMail(status: NewsletterMine['status'], emailVerified: boolean): boolean {
  return status !== 'confirmed' && (!emailVerified || status === 'suppressed');
}

/**
 * Saves the reader's choices for their account's address. A confirmed address keeps being so
 * (choosing nothing unsubscribes, as on the preferences page). Any other is subscribed: at once
 * when the account's address is verified, since its owner proved it receives our mail (and is
 * signed in); by the mailed link otherwise, as for anyone. A suppressed address (its mail was
 * returned) always needs the mailed link, which shows that mail reaches it again.
 */
export async function saveOwnChoices(
  db: Db,
  account: { id: string; email: string; emailVerified: boolean },
  choices: OwnChoices,
  now: Date,
): Promise<OwnOutcome> {
  const row = await subscriberOf(db, account.email);
  if (row?.status === 'confirmed') {
    const outcome = await saveChoices(db, row.id, choices, now);
    // Gone meanwhile: subscribed again below.
    if (outcome !== 'missing') return { kind: outcome };
  }
  if (!confirmsByMail(row?.status ?? 'none', account.emailVerified)) {
    if (await confirmAtOnce(db, account, choices, now)) return { kind: 'subscribed' };
  }
  const request = await requestSubscription(db, account.email, choices.publisherIds, now);
  // Confirmed by its mailed link since the read above: saved as for a confirmed address.
  if (request.kind === 'already-confirmed') return saveOwnChoices(db, account, choices, now);
  await db
    .updateTable('newsletterSubscriber')
    .set({ digest: choices.digest })
    .where('email', '=', account.email)
    .where('status', '=', 'pending')
    .execute();
  return request;
}

/** Subscribes a verified account's address, confirmed now; false when it is suppressed. */
async function confirmAtOnce(
  db: Db,
  account: { id: string; email: string },
  choices: OwnChoices,
  now: Date,
): Promise<boolean> {
  const confirmed = {
    status: 'confirmed' as const,
    digest: choices.digest,
    userId: account.id,
    confirmTokenHash: null,
    confirmExpiresAt: null,
    confirmedAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('newsletterSubscriber')
      .values({ email: account.email, ...confirmed, createdAt: now.toISOString() })
      .onConflict((conflict) =>
        conflict
          .column('email')
          .doUpdateSet(confirmed)
          .where('newsletterSubscriber.status', '<>', 'suppressed'),
      )
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await trx
      .deleteFrom('newsletterSubscriberPublisher')
      .where('subscriberId', '=', row.id)
      .execute();
    if (choices.publisherIds.length > 0) {
      await trx
        .insertInto('newsletterSubscriberPublisher')
        .values(choices.publisherIds.map((publisherId) => ({ subscriberId: row.id, publisherId })))
        .execute();
    }
    return true;
  });
}

/** Unsubscribes the account's address; false when it receives nothing (or is suppressed). */
export async function unsubscribeOwn(db: Db, email: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('newsletterSubscriber')
    .set({ status: 'unsubscribed', updatedAt: now.toISOString() })
    .where('email', '=', email)
    .where('status', 'in', ['confirmed', 'pending'])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
