import type { Db } from '#server/db/database';
import { deleteInBatches, sweepBatchSize } from '#server/jobs/batches';
import { addDays } from './days.js';
import type { DailySalts } from './salts.js';

/** How long raw events are kept: the roll-ups keep their counts for ever. */
export const rawEventDays = 30;

/**
 * Deletes, in batches, the raw events older than 30 days (only those already rolled up), and
 * the salts and visitors' hashes of days before yesterday (`today` in the site's time zone).
 * Answers the rows deleted.
 */
export async function sweepAnalytics(
  db: Db,
  salts: DailySalts,
  now: Date,
  today: string,
  signal?: AbortSignal,
): Promise<number> {
  const cutoff = now.getTime() - rawEventDays * 24 * 60 * 60 * 1000;
  const { lastId } = await db
    .selectFrom('analyticsWatermark')
    .select('lastId')
    .where('name', '=', 'rollup')
    .executeTakeFirstOrThrow();
  const events = await deleteInBatches(async () => {
    const result = await db
      .deleteFrom('analyticsEvent')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('analyticsEvent')
          .select('id')
          .where('at', '<', cutoff)
          .where('id', '<=', Number(lastId))
          .limit(sweepBatchSize),
      )
      .executeTakeFirst();
    return result.numDeletedRows;
  }, signal);
  const yesterday = addDays(today, -1);
  const hashes = await deleteInBatches(async () => {
    const result = await db
      .deleteFrom('analyticsVisitorSeen')
      .where((eb) =>
        eb(
          eb.refTuple('bucket', 'articleId', 'visitorHash'),
          'in',
          eb
            .selectFrom('analyticsVisitorSeen')
            .select(['bucket', 'articleId', 'visitorHash'])
            .where('bucket', '<', yesterday)
            .limit(sweepBatchSize)
            .$asTuple('bucket', 'articleId', 'visitorHash'),
        ),
      )
      .executeTakeFirst();
    return result.numDeletedRows;
  }, signal);
  return events + hashes + (await salts.sweepBefore(yesterday));
}
