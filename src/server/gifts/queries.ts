import type { Gift } from '#shared/api/gifts';
import { giftBrowserLimit } from '#shared/rules/gifts';
import type { Db } from '#server/db/database';
import { toIso } from '#server/db/values';

/** A gift link as an opening finds it by its token's hash. */
export interface GiftRecord {
  id: number;
  articleId: number;
  expiresAt: string;
  revoked: boolean;
}

export async function giftByTokenHash(db: Db, tokenHash: string): Promise<GiftRecord | null> {
  const row = await db
    .selectFrom('gift')
    .select(['id', 'articleId', 'expiresAt', 'revokedAt'])
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  const { revokedAt, expiresAt, ...gift } = row;
  return { ...gift, expiresAt: toIso(expiresAt), revoked: revokedAt !== null };
}

/** The giver's gifts that count in `month`. */
export async function giftsInMonth(db: Db, giverId: string, month: string): Promise<number> {
  const row = await db
    .selectFrom('gift')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('giverId', '=', giverId)
    .where('month', '=', month)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The giver's live gift of the article at `now`: not revoked, not expired and not yet opened by
 * as many browsers as it may. Its sealed token and expiry.
 */
export function liveGiftOf(db: Db, giverId: string, articleId: number, now: Date) {
  return db
    .selectFrom('gift')
    .select(['tokenSealed', 'expiresAt'])
    .where('giverId', '=', giverId)
    .where('articleId', '=', articleId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .where('openedCount', '<', giftBrowserLimit)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function insertGift(
  db: Db,
  gift: {
    articleId: number;
    giverId: string;
    tokenHash: string;
    tokenSealed: string;
    month: string;
    createdAt: string;
    expiresAt: string;
  },
): Promise<void> {
  await db.insertInto('gift').values(gift).execute();
}

/**
 * A page of gift links, newest first: the giver's (`giverId`), or every giver's (undefined, for
 * an admin), with the total.
 */
export async function listGifts(
  db: Db,
  giverId: string | undefined,
  { limit, page }: { limit: number; page: number },
  now: Date,
): Promise<{ gifts: Gift[]; total: number }> {
  let base = db.selectFrom('gift');
  if (giverId !== undefined) base = base.where('gift.giverId', '=', giverId);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('article', 'article.id', 'gift.articleId')
      .innerJoin('user', 'user.id', 'gift.giverId')
      .select([
        'gift.id',
        'gift.articleId',
        'article.title',
        'gift.createdAt',
        'gift.expiresAt',
        'gift.revokedAt',
        'gift.openedCount',
        'user.name',
        'user.email',
      ])
      .orderBy('gift.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  const gifts = rows.map((row) => ({
    id: row.id,
    articleId: String(row.articleId),
    articleTitle: row.title,
    createdAt: toIso(row.createdAt),
    expiresAt: toIso(row.expiresAt),
    revoked: row.revokedAt !== null,
    expired: toIso(row.expiresAt) <= now.toISOString(),
    openedBy: row.openedCount,
    browserLimit: giftBrowserLimit,
    ...(giverId === undefined && { giver: { name: row.name, email: row.email } }),
  }));
  return { gifts, total: Number(count.count) };
}

/** The giver of gift `id`, or null when there is no such gift. */
export async function giverOf(db: Db, id: number): Promise<string | null> {
  const row = await db.selectFrom('gift').select('giverId').where('id', '=', id).executeTakeFirst();
  return row?.giverId ?? null;
}

/**
 * Revokes gift `id`, or every gift (undefined) still live at `now`: answers how many were.
 * A revoked or expired link stays listed for its giver.
 */
export async function revokeGifts(db: Db, id: number | undefined, now: Date): Promise<number> {
  let query = db
    .updateTable('gift')
    .set({ revokedAt: now.toISOString() })
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString());
  if (id !== undefined) query = query.where('id', '=', id);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether a browser named by either of its keys has opened gift `giftId` before. */
export async function hasOpened(
  db: Db,
  giftId: number,
  browserHash: string | null,
  networkHash: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('giftOpening')
    .select('giftId')
    .where('giftId', '=', giftId)
    .where((eb) =>
      browserHash === null
        ? eb('networkHash', '=', networkHash)
        : eb.or([eb('browserHash', '=', browserHash), eb('networkHash', '=', networkHash)]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** Thrown inside the opening's transaction to undo it: the gift has no place left. */
class NoPlaceLeft extends Error {}

/**
 * Records a new browser's first opening of gift `giftId` and takes one of its places, in one
 * transaction: false (nothing recorded) when it has none left, or was revoked or expired since
 * it was read. The place is taken by a guarded update of the gift's row, so two browsers at
 * once never both take its last place.
 */
export async function recordOpening(
  db: Db,
  opening: { giftId: number; browserHash: string; networkHash: string },
  now: Date,
): Promise<boolean> {
  try {
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('giftOpening')
        .values({ ...opening, firstOpenedAt: now.toISOString() })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      // The same browser at the same moment: it has its place already.
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
      const taken = await trx
        .updateTable('gift')
        .set((eb) => ({ openedCount: eb('openedCount', '+', 1) }))
        .where('id', '=', opening.giftId)
        .where('openedCount', '<', giftBrowserLimit)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', now.toISOString())
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) throw new NoPlaceLeft();
    });
    return true;
  } catch (error) {
    if (error instanceof NoPlaceLeft) return false;
    throw error;
  }
}
