import type { Db } from '#server/db/database';
import { toIso } from '#server/db/values';

/** Gifts whose openings one sweep deletes at most: an hour's sweeps keep up with any newsroom. */
const giftsPerSweep = 1000;

/**
 * Deletes the openings of gift links that have ended, expired or revoked: the browsers' keyed
 * hashes are kept only to let a browser in again, which an ended link never does (its count of
 * openings stays on the gift, for its giver's list). Links expire in the order they were given,
 * so the sweep takes the gifts with openings from the oldest, one primary-key step each, and
 * stops at the first still live; a link revoked among younger ones waits for its turn (its 30
 * days at most). Answers the openings deleted.
 */
export async function sweepEndedOpenings(db: Db, now: Date, signal?: AbortSignal): Promise<number> {
  let deleted = 0;
  for (let n = 0; n < giftsPerSweep && !signal?.aborted; n += 1) {
    const oldest = await db
      .selectFrom('giftOpening')
      .innerJoin('gift', 'gift.id', 'giftOpening.giftId')
      .select(['gift.id', 'gift.expiresAt', 'gift.revokedAt'])
      .orderBy('giftOpening.giftId')
      .limit(1)
      .executeTakeFirst();
    if (!oldest) break;
    const ended = oldest.revokedAt !== null || toIso(oldest.expiresAt) <= now.toISOString();
    if (!ended) break;
    const result = await db
      .deleteFrom('giftOpening')
      .where('giftId', '=', oldest.id)
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}
