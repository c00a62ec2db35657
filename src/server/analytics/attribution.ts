import { sql } from 'kysely';
import type { Db } from '#server/db/database';

/** How long after meeting a wall a registration or a subscription is credited to its article. */
export const attributionWindowMs = 7 * 24 * 60 * 60 * 1000;

/**
 * The last article whose wall the reader (their keyed hash) met within 7 days before `now`: a
 * wall shown to them signed in, or the wall they registered from. Null when none.
 */
export async function lastWallOf(
  db: Db,
  readerHash: string,
  now: Date,
): Promise<{ articleId: number; publisherId: number } | null> {
  const row = await db
    .selectFrom('analyticsEvent')
    .select(['articleId', 'publisherId'])
    .where('readerHash', '=', readerHash)
    .where('at', '>', now.getTime() - attributionWindowMs)
    .where('at', '<=', now.getTime())
    .where('kind', 'in', ['paywall', 'registration_wall', 'registration'])
    .where('articleId', 'is not', null)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row?.articleId || row.publisherId === null) return null;
  return { articleId: row.articleId, publisherId: row.publisherId };
}

/** Whether a guest, by one of their recent daily hashes, met the wall of article `articleId`. */
export async function metWallAsGuest(
  db: Db,
  visitorHashes: string[],
  articleId: number,
): Promise<boolean> {
  if (visitorHashes.length === 0) return false;
  const row = await db
    .selectFrom('analyticsEvent')
    .select('id')
    .where('visitorHash', 'in', visitorHashes)
    .where('articleId', '=', articleId)
    // Spelled as the partial index's condition is, so that either engine takes the index.
    .where(sql<boolean>`kind in ('paywall', 'registration_wall')`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
