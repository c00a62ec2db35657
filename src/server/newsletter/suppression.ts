import type { Transaction } from 'kysely';
import type { NewsletterEvent } from '#shared/api/newsletter-ops';
import type { Database, SuppressionReason } from '#server/db/schema';
import type { Db } from '#server/db/database';
import type { StoppedSend } from './stop-notice.js';

/** A send stops when its complaints pass this share of its recipients (0.3%). */
export const complaintRate = 0.003;
/** Soft bounces in a row, with no delivery taken between them, that suppress an address. */
export const softBounceRun = 3;

export const complaintsStopSend = (complaints: number, recipients: number) =>
  complaints > recipients * complaintRate;

type Trx = Transaction<Database>;

/** The queued deliveries that will not go now: given up, with the reason. */
function giveUpQueued(trx: Trx, reason: string) {
  return trx
    .updateTable('newsletterDelivery')
    .set({ status: 'failed', claimedUntil: null, lastError: reason })
    .where('status', '=', 'queued');
}

/** The delivery an event is about: its send's, or the address's latest that went. */
async function deliveryOf(trx: Trx, subscriberId: number, sendId: number | undefined) {
  return trx
    .selectFrom('newsletterDelivery')
    .select(['sendId', 'status'])
    .where('subscriberId', '=', subscriberId)
    .$if(sendId !== undefined, (q) => q.where('sendId', '=', sendId!))
    .$if(sendId === undefined, (q) => q.where('status', 'in', ['sent', 'bounced']))
    .orderBy('sendId', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Whether the address's latest deliveries since it was confirmed, of those that went, are
 * `softBounceRun` bounces: one taken and not returned between them breaks the run.
 */
async function softBounceRunEnds(
  trx: Trx,
  subscriberId: number,
  confirmedAt: Date | string | null,
) {
  const latest = await trx
    .selectFrom('newsletterDelivery')
    .innerJoin('newsletterSend', 'newsletterSend.id', 'newsletterDelivery.sendId')
    .select('newsletterDelivery.status')
    .where('newsletterDelivery.subscriberId', '=', subscriberId)
    .where('newsletterDelivery.status', 'in', ['sent', 'bounced'])
    .$if(confirmedAt !== null, (q) =>
      q.where('newsletterSend.createdAt', '>=', new Date(confirmedAt!).toISOString()),
    )
    .orderBy('newsletterDelivery.sendId', 'desc')
    .limit(softBounceRun)
    .execute();
  return latest.length === softBounceRun && latest.every((row) => row.status === 'bounced');
}

/** No more mail to the address until it subscribes again; its queued deliveries are given up. */
async function suppress(trx: Trx, subscriberId: number, reason: SuppressionReason, at: Date) {
  await trx
    .updateTable('newsletterSubscriber')
    .set({
      status: 'suppressed',
      suppressedAt: at.toISOString(),
      suppressedReason: reason,
      updatedAt: at.toISOString(),
    })
    .where('id', '=', subscriberId)
    .where('status', '<>', 'suppressed')
    .execute();
  await giveUpQueued(trx, `not sent: the address was suppressed (${reason})`)
    .where('subscriberId', '=', subscriberId)
    .execute();
}

/** Counts a complaint against its send, which stops once complaints pass `complaintRate`. */
async function countComplaint(
  trx: Trx,
  sendId: number,
  now: Date,
): Promise<StoppedSend | undefined> {
  const send = await trx
    .updateTable('newsletterSend')
    .set((eb) => ({ complaints: eb('complaints', '+', 1) }))
    .where('id', '=', sendId)
    .returning(['id', 'subject', 'recipients', 'complaints', 'status'])
    .executeTakeFirstOrThrow();
  const complaints = Number(send.complaints);
  if (send.status !== 'sending' || !complaintsStopSend(complaints, send.recipients)) return;
  await trx
    .updateTable('newsletterSend')
    .set({ status: 'stopped', finishedAt: now.toISOString() })
    .where('id', '=', sendId)
    .execute();
  await giveUpQueued(trx, 'not sent: the send was stopped by its complaints')
    .where('sendId', '=', sendId)
    .execute();
  return { id: send.id, subject: send.subject, recipients: send.recipients, complaints };
}

/**
 * Applies the mail service's bounces and complaints in one transaction: a hard bounce or a
 * complaint suppresses the address at once, a run of soft bounces too; the delivery it was about
 * becomes `bounced`. A complaint counts against its send once (a repeated report finds the
 * delivery bounced already). Events about an address that never subscribed are ignored.
 * `onStop` runs in the transaction for each send the complaints stopped.
 */
export async function applyNewsletterEvents(
  db: Db,
  events: readonly NewsletterEvent[],
  now: Date,
  onStop: (trx: Trx, send: StoppedSend) => Promise<void>,
): Promise<{ applied: number; ignored: number }> {
  return db.transaction().execute(async (trx) => {
    let applied = 0;
    for (const event of events) {
      const subscriber = await trx
        .selectFrom('newsletterSubscriber')
        .select(['id', 'confirmedAt'])
        .where('email', '=', event.email)
        .executeTakeFirst();
      if (!subscriber) continue;
      applied += 1;
      // When the service saw it, but never later than now.
      const at = event.at && new Date(event.at) < now ? new Date(event.at) : now;
      const delivery = await deliveryOf(trx, subscriber.id, event.sendId);
      const newlyBounced =
        delivery !== undefined &&
        delivery.status !== 'bounced' &&
        (
          await trx
            .updateTable('newsletterDelivery')
            .set({ status: 'bounced', claimedUntil: null })
            .where('sendId', '=', delivery.sendId)
            .where('subscriberId', '=', subscriber.id)
            .executeTakeFirst()
        ).numUpdatedRows > 0n;
      if (event.type === 'soft_bounce') {
        if (await softBounceRunEnds(trx, subscriber.id, subscriber.confirmedAt)) {
          await suppress(trx, subscriber.id, 'soft_bounce', at);
        }
        continue;
      }
      await suppress(trx, subscriber.id, event.type, at);
      if (event.type === 'complaint' && newlyBounced && delivery) {
        const stopped = await countComplaint(trx, delivery.sendId, now);
        if (stopped) await onStop(trx, stopped);
      }
    }
    return { applied, ignored: events.length - applied };
  });
}
