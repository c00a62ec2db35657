import type { CompiledQuery, Selectable } from 'kysely';
import type { Db } from '#server/db/database';
import type { MeteredReadTable } from '#server/db/schema';
import { deleteInBatches, sweepBatchSize } from '#server/jobs/batches';
import { toBool } from '#server/db/values';
import type { ReaderKey, ReaderKind } from './reader-keys.js';

/** One metered read as the table holds it. */
export type MeteredReadRow = Selectable<MeteredReadTable>;

/**
 * The articles each of `keys` (one reader seen several ways) has read in `month`: one query,
 * each key a range of the primary key: one select per key joined by UNION ALL, since a single
 * OR of the keys left SQLite, without statistics, walking the whole month (40 ms at 100,000
 * reads). A key holds at most its allowance of rows.
 */
export async function meterReads(
  db: Db,
  month: string,
  keys: ReaderKey[],
): Promise<MeteredReadRow[]> {
  if (keys.length === 0) return [];
  const query = compiledFor(readQueries, db, keys.length, (stand) => {
    const [first, ...rest] = stand.keys.map((key) =>
      db
        .selectFrom('meteredRead')
        .select(['month', 'readerKind', 'readerHash', 'articleId'])
        .where('month', '=', stand.month)
        .where('readerKind', '=', key.kind)
        .where('readerHash', '=', key.hash),
    );
    return rest.reduce((union, next) => union.unionAll(next), first!).compile();
  });
  const { rows } = await db.executeQuery(withValues(query, { month, keys }));
  return rows;
}

/**
 * Rows written by one statement: four columns each, well inside SQLite's 32,766 parameters and
 * PostgreSQL's 65,535.
 */
const rowsPerStatement = 500;

/**
 * Writes metered reads in one transaction (a read already written adds nothing). The reads of
 * an article deleted since they were granted are left out: deleting it deleted its reads.
 */
export async function writeMeteredReads(db: Db, rows: MeteredReadRow[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const asked = [...new Set(rows.map((row) => row.articleId))];
    const kept = new Set<number>();
    for (let start = 0; start < asked.length; start += rowsPerStatement) {
      const found = await trx
        .selectFrom('article')
        .select('id')
        .where('id', 'in', asked.slice(start, start + rowsPerStatement))
        .execute();
      for (const { id } of found) kept.add(id);
    }
    const written = rows.filter((row) => kept.has(row.articleId));
    for (let start = 0; start < written.length; start += rowsPerStatement) {
      await trx
        .insertInto('meteredRead')
        .values(written.slice(start, start + rowsPerStatement))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
}

/*
 * The meter's read is made on every metered read: built and compiled once for each number of
 * keys (and each engine), with values that stand for the real ones, which each read then puts
 * in their places. Building it each time was about a tenth of a metered page's CPU.
 */
interface MeterValues {
  month: string;
  keys: ReaderKey[];
}

const readQueries = new WeakMap<object, Map<number, CompiledQuery<MeteredReadRow>>>();

/** Values no read has, which compiled queries hold in the places of a read's own. */
function standIns(keyCount: number): MeterValues {
  return {
    month: '\u0000month',
    keys: Array.from({ length: keyCount }, (_, i) => ({
      kind: `\u0000kind${i}` as ReaderKind,
      hash: `\u0000hash${i}`,
    })),
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
