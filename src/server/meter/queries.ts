import { PostgresAdapter, sql, type CompiledQuery } from 'kysely';
import type { Db } from '#server/db/database';
import { deleteInBatches, sweepBatchSize } from '#server/jobs/batches';
import { toBool } from '#server/db/values';
import type { ReaderKey, ReaderKind } from './reader-keys.js';

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
  if (keys.length === 0) return { used: 0, readBefore: false };
  const query = compiledFor(countQueries, db, keys.length, (stand) => {
    const [first, ...rest] = stand.keys.map((key) =>
      db
        .selectFrom('meteredRead')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('used'),
          eb.fn
            .max(
              eb
                .case()
                .when('articleId', '=', stand.articleId)
                .then(eb.lit(1))
                .else(eb.lit(0))
                .end(),
            )
            .as('readBefore'),
        ])
        .where('month', '=', stand.month)
        .where('readerKind', '=', key.kind)
        .where('readerHash', '=', key.hash),
    );
    return rest.reduce((union, next) => union.unionAll(next), first!).compile();
  });
  const { rows } = await db.executeQuery(withValues(query, { month, keys, articleId }));
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
  const query = compiledFor(insertQueries, db, keys.length, (stand) =>
    db
      .insertInto('meteredRead')
      .values(
        stand.keys.map((key) => ({
          month: stand.month,
          readerKind: key.kind,
          readerHash: key.hash,
          articleId: stand.articleId,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .compile(),
  );
  await db.executeQuery(withValues(query, { month, keys, articleId }));
}

/*
 * The meter's two queries are made on every metered read: built and compiled once for each
 * number of keys (and each engine), with values that stand for the real ones, which each read
 * then puts in their places. Building them each time was about a tenth of a metered page's CPU.
 */
interface MeterValues {
  month: string;
  keys: ReaderKey[];
  articleId: number;
}

const countQueries = new WeakMap<object, Map<number, CompiledQuery<CountRow>>>();
const insertQueries = new WeakMap<object, Map<number, CompiledQuery>>();
type CountRow = { used: number | string; readBefore: number | string | null };

/** Values no read has, which compiled queries hold in the places of a read's own. */
function standIns(keyCount: number): MeterValues {
  return {
    month: '\u0000month',
    keys: Array.from({ length: keyCount }, (_, i) => ({
      kind: `\u0000kind${i}` as ReaderKind,
      hash: `\u0000hash${i}`,
    })),
    articleId: -1_000_001,
  };
}

function compiledFor<Row>(
  cache: WeakMap<object, Map<number, CompiledQuery<Row>>>,
  db: Db,
  keyCount: number,
  build: (stand: MeterValues) => CompiledQuery<Row>,
): CompiledQuery<Row> {
  // The adapter is the engine's, shared by the database's transactions.
  const engine = db.getExecutor().adapter;
  let byCount = cache.get(engine);
  if (!byCount) cache.set(engine, (byCount = new Map()));
  let query = byCount.get(keyCount);
  if (!query) {
    query = build(standIns(keyCount));
    byCount.set(keyCount, query);
  }
  return query;
}

/** `query` with the read's values in the places of the stand-ins'. */
function withValues<Row>(query: CompiledQuery<Row>, values: MeterValues): CompiledQuery<Row> {
  const stand = standIns(values.keys.length);
  const real = new Map<unknown, unknown>([
    [stand.month, values.month],
    [stand.articleId, values.articleId],
    ...stand.keys.flatMap((key, i) => [
      [key.kind, values.keys[i]!.kind] as const,
      [key.hash, values.keys[i]!.hash] as const,
    ]),
  ]);
  const parameters = query.parameters.map((value) => {
    if (!real.has(value)) throw new Error(`The meter's query holds a value of its own: ${value}`);
    return real.get(value);
  });
  return { ...query, parameters };
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
