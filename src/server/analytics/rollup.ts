import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import type { Db } from '#server/db/database';
import { addDimensions, addSelected, eventDay, eventsIn, type EventRange } from './dimensions.js';

/**
 * Raw events one roll-up transaction takes at most. The transaction holds SQLite's one
 * connection: at 5,000 events that took most of a second while every page's read waited; at 500
 * it takes tens of milliseconds, and more CPU an event (PERFORMANCE.md, item 48).
 */
const eventsPerBatch = 500;
/**
 * Events younger than this are left for the next run: on PostgreSQL ids are taken before their
 * rows commit, so a row with a lower id may still commit after one with a higher id; by the time
 * an event is this old, every lower id has long committed (each is a single insert).
 */
export const rollupLagMs = 5_000;

/**
 * Rolls the raw events past the watermark into the per-dimension counts (dimensions.ts) and the
 * distinct visitors, in transactions of at most 500 events, until it has caught up with the
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
  const read = await trx
    .selectFrom('analyticsEvent')
    .select(['id', 'at', 'hour'])
    .where('id', '>', Number(lastId))
    .orderBy('id')
    .limit(eventsPerBatch)
    .execute();
  // Up to the first event too young to be sure of the ids before it.
  const young = read.findIndex((event) => Number(event.at) > cutoff);
  const events = young < 0 ? read : read.slice(0, young);
  if (events.length === 0) return { read: read.length, rolled: 0 };

  const range = { after: Number(lastId), upTo: events.at(-1)!.id };
  const newest = events.reduce((day, event) => {
    const its = event.hour.slice(0, 10);
    return its > day ? its : day;
  }, '');
  await addDimensions(trx, range, newest);
  await addVisitors(trx, range);
  await trx
    .updateTable('analyticsWatermark')
    .set({ lastId: events.at(-1)!.id })
    .where('name', '=', 'rollup')
    .execute();
  return { read: read.length, rolled: events.length };
}

/**
 * Distinct visitors: each page view's hash is added to the hashes seen in its day and hour (the
 * site's) and its day (its article's); the hashes new there are counted, before they are added.
 * A day's hashes are kept as long as its salt, after which no event of that day can come.
 */
/** The article id of the site's own visitors' rows. */
const siteWide = sql<number | null>`0`;

async function addVisitors(trx: Transaction<Database>, range: EventRange): Promise<void> {
  const pageViews = eventsIn(trx, range)
    .where('kind', '=', 'pageview')
    .where('visitorHash', 'is not', null);
  const seen = pageViews
    .select((eb) => [eb.ref('hour').as('bucket'), siteWide.as('articleId'), 'visitorHash'])
    .union(pageViews.select([eventDay.as('bucket'), siteWide.as('articleId'), 'visitorHash']))
    .union(
      pageViews
        .where('articleId', 'is not', null)
        .select([eventDay.as('bucket'), 'articleId', 'visitorHash']),
    );
  const fresh = trx
    .selectFrom(seen.as('now'))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('analyticsVisitorSeen as before')
            .select('before.bucket')
            .whereRef('before.bucket', '=', 'now.bucket')
            .whereRef('before.articleId', '=', 'now.articleId')
            .whereRef('before.visitorHash', '=', 'now.visitorHash'),
        ),
      ),
    )
    .select((eb) => ['now.bucket', 'now.articleId', eb.fn.countAll<number>().as('visitors')])
    .groupBy(['now.bucket', 'now.articleId']);
  await addSelected(trx, 'analyticsVisitors', ['bucket', 'articleId'], fresh, ['visitors']);
  await trx
    .insertInto('analyticsVisitorSeen')
    .columns(['bucket', 'articleId', 'visitorHash'])
    .expression(seen)
    .onConflict((oc) => oc.doNothing())
    .execute();
}
