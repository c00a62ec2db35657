import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '#server/db/database';
import { deleteInBatches, sweepBatchSize } from '#server/jobs/batches';
import { toBool } from '#server/db/values';
import type { ReaderKey } from './reader-keys.js';

/**
 * How far the readers named by `keys` (one person seen several ways) are into `month`: the most
 * any of the keys has read, and whether any of them read `articleId` already. One query, each
 * key a range of the primary key: one select per key joined by UNION ALL, since a single OR of
 * the keys left SQLite, without statistics, walking the whole month (40 ms at 100,000 reads).
 */
export async function meterCount(
  db: Db,
  month: string,
  keys: ReaderKey[],
  articleId: number,
): Promise<{ used: number; readBefore: boolean }> {
  const ofKey = (key: ReaderKey) =>
    db
      .selectFrom('meteredRead')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('used'),
        eb.fn
          .max(eb.case().when('articleId', '=', articleId).then(1).else(0).end())
          .as('readBefore'),
      ])
      .where('month', '=', month)
      .where('readerKind', '=', key.kind)
      .where('readerHash', '=', key.hash);
  const [first, ...rest] = keys.map(ofKey);
  if (!first) return { used: 0, readBefore: false };
  const rows = await rest.reduce((query, next) => query.unionAll(next), first).execute();
  return {
    used: Math.max(0, ...rows.map((row) => Number(row.used))),
    readBefore: rows.some((row) => Number(row.readBefore) === 1),
  };
}

/**
 * Counts `articleId` as read in `month` for the reader named by `keys` if the meter opens it
 * for where they stand (`opens`, given meterCount's answer), also under `newKeys` (a visitor
 * cookie given now, which has read nothing). The count and the insert are one transaction, so
 * two requests of one reader at once never both take their last free article: SQLite's begins
 * with the write lock (sqlite-immediate-dialect.ts), PostgreSQL's takes a lock on each of the
 * reader's keys, in one order, for the transaction's length.
 */
export function takeMeteredRead(
  db: Db,
  month: string,
  keys: ReaderKey[],
  newKeys: ReaderKey[],
  articleId: number,
  opens: (count: { used: number; readBefore: boolean }) => boolean,
): Promise<{ used: number; readBefore: boolean; taken: boolean }> {
  return db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      const names = keys.map((key) => `meter:${key.kind}:${key.hash}`).sort();
      const locks = names.map((name) => sql`pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
      await sql`select ${sql.join(locks)}`.execute(trx);
    }
    const count = await meterCount(trx, month, keys, articleId);
    const taken = opens(count);
    if (taken) await recordMeteredRead(trx, month, [...keys, ...newKeys], articleId);
    return { ...count, taken };
  });
}

/** Counts `articleId` as read in `month` under each key (once: a second read adds nothing). */
async function recordMeteredRead(
  db: Db,
  month: string,
  keys: ReaderKey[],
  articleId: number,
): Promise<void> {
  await db
    .insertInto('meteredRead')
    .values(keys.map((key) => ({ month, readerKind: key.kind, readerHash: key.hash, articleId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Whether `articleId` is a published premium article: the only kind the meter opens. */
export async function isPublishedPremium(db: Db, articleId: number): Promise<boolean> {
  const row = await db
    .selectFrom('article')
    .select(['isPremium', 'isApproved'])
    .where('id', '=', articleId)
    .executeTakeFirst();
  return row !== undefined && toBool(row.isPremium) && toBool(row.isApproved);
}

/**
 * Deletes the metered reads of months before `month`, in batches by the primary key's first
 * column. Answers the rows deleted.
 */
export function sweepPastMonths(db: Db, month: string, signal?: AbortSignal): Promise<number> {
  return deleteInBatches(async () => {
    const result = await db
      .deleteFrom('meteredRead')
      .where((eb) =>
        eb(
          eb.refTuple('month', 'readerKind', 'readerHash', 'articleId'),
          'in',
          eb
            .selectFrom('meteredRead')
            .select(['month', 'readerKind', 'readerHash', 'articleId'])
            .where('month', '<', month)
            .limit(sweepBatchSize)
            .$asTuple('month', 'readerKind', 'readerHash', 'articleId'),
        ),
      )
      .executeTakeFirst();
    return result.numDeletedRows;
  }, signal);
}
