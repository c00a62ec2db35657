import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { AnalyticsEventKind, Database } from '#server/db/schema';
import type { Db } from '#server/db/database';
import { addDimensions, rowsPerStatement } from './dimensions.js';

/** Raw events one roll-up transaction reads at most. */
const eventsPerBatch = 5000;
/**
 * Events younger than this are left for the next run: on PostgreSQL ids are taken before their
 * rows commit, so a row with a lower id may still commit after one with a higher id; by the time
 * an event is this old, every lower id has long committed (each is a single insert).
 */
export const rollupLagMs = 5_000;

interface RawEvent {
  id: number;
  at: number | string;
  hour: string;
  kind: AnalyticsEventKind;
  articleId: number | null;
  publisherId: number | null;
  visitorHash: string | null;
  sourceKind: string;
  source: string;
  device: string;
  engagedSeconds: number | null;
  scrollDepth: number | null;
  country: string | null;
}

/**
 * Rolls the raw events past the watermark into the per-dimension counts (dimensions.ts) and the
 * distinct visitors, in transactions of at most 5,000 events, until it has caught up with the
 * events older than `rollupLagMs`. Each transaction moves the watermark with the counts it adds,
 * and takes the watermark's row first (PostgreSQL locks it; SQLite's write transactions queue),
 * so servers running it at once never count an event twice. Answers the events rolled up.
 */
export async function rollUp(db: Db, now: Date, signal?: AbortSignal): Promise<number> {
  const cutoff = now.getTime() - rollupLagMs;
  let total = 0;
  while (!signal?.aborted) {
    const { read, rolled } = await db.transaction().execute((trx) => rollUpBatch(trx, cutoff));
    total += rolled;
    if (read < eventsPerBatch || rolled < read) break;
    await yieldToOthers();
  }
  return total;
}

async function rollUpBatch(
  trx: Transaction<Database>,
  cutoff: number,
): Promise<{ read: number; rolled: number }> {
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  const { lastId } = await trx
    .selectFrom('analyticsWatermark')
    .select('lastId')
    .where('name', '=', 'rollup')
    .$if(postgres, (q) => q.forUpdate())
    .executeTakeFirstOrThrow();
  const read: RawEvent[] = await trx
    .selectFrom('analyticsEvent')
    .select([
      'id',
      'at',
      'hour',
      'kind',
      'articleId',
      'publisherId',
      'visitorHash',
      'sourceKind',
      'source',
      'device',
      'engagedSeconds',
      'scrollDepth',
      'country',
    ])
    .where('id', '>', Number(lastId))
    .orderBy('id')
    .limit(eventsPerBatch)
    .execute();
  // Up to the first event too young to be sure of the ids before it.
  const young = read.findIndex((event) => Number(event.at) > cutoff);
  const events = young < 0 ? read : read.slice(0, young);
  if (events.length === 0) return { read: read.length, rolled: 0 };

  await addDimensions(trx, events);
  await addVisitors(trx, events);
  await trx
    .updateTable('analyticsWatermark')
    .set({ lastId: events.at(-1)!.id })
    .where('name', '=', 'rollup')
    .execute();
  return { read: read.length, rolled: events.length };
}

/**
 * Distinct visitors: each page view's hash is added to the hashes seen in its day and hour (the
 * site's) and its day (its article's); the hashes new there are counted. A day's hashes are kept
 * as long as its salt, after which no event of that day can come.
 */
async function addVisitors(trx: Transaction<Database>, events: RawEvent[]): Promise<void> {
  const seen = new Map<string, { bucket: string; articleId: number; visitorHash: string }>();
  const add = (bucket: string, articleId: number, visitorHash: string) =>
    seen.set(`${bucket} ${articleId} ${visitorHash}`, { bucket, articleId, visitorHash });
  for (const event of events) {
    if (event.kind !== 'pageview' || !event.visitorHash) continue;
    add(event.hour, 0, event.visitorHash);
    add(event.hour.slice(0, 10), 0, event.visitorHash);
    if (event.articleId) add(event.hour.slice(0, 10), event.articleId, event.visitorHash);
  }
  const rows = [...seen.values()];
  const fresh = new Map<string, { bucket: string; articleId: number; visitors: number }>();
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    const inserted = await trx
      .insertInto('analyticsVisitorSeen')
      .values(rows.slice(start, start + rowsPerStatement))
      .onConflict((oc) => oc.doNothing())
      .returning(['bucket', 'articleId'])
      .execute();
    for (const { bucket, articleId } of inserted) {
      const key = `${bucket} ${articleId}`;
      const counted = fresh.get(key) ?? { bucket, articleId, visitors: 0 };
      counted.visitors += 1;
      fresh.set(key, counted);
    }
  }
  const counts = [...fresh.values()];
  for (let start = 0; start < counts.length; start += rowsPerStatement) {
    await trx
      .insertInto('analyticsVisitors')
      .values(counts.slice(start, start + rowsPerStatement))
      .onConflict((oc) =>
        oc.columns(['bucket', 'articleId']).doUpdateSet({
          visitors: sql`${sql.ref('analytics_visitors.visitors')} + ${sql.ref('excluded.visitors')}`,
        }),
      )
      .execute();
  }
}
