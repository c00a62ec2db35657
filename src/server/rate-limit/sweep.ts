import fp from 'fastify-plugin';
import type { Db } from '#server/db/database';
import { deleteInBatches, sweepBatchSize } from '#server/jobs/batches';
import { runPeriodically } from '#server/jobs/periodic';
import { authRateLimitWindowSeconds } from '#server/auth/auth';
import { sweepPastMonths } from '#server/meter/queries';

/**
 * Deletes the attempt counters whose window has ended, and better-auth's per-address counters
 * older than its longest window, in batches (each by its index: attempt.expires_at,
 * rate_limit.last_request). better-auth prunes its own table only when a counter's window
 * starts again, which a flood of new addresses never does. Answers the rows deleted.
 */
export async function sweepExpiredAttempts(
  db: Db,
  now: number,
  signal?: AbortSignal,
): Promise<number> {
  const attempts = await deleteInBatches(async () => {
    const result = await db
      .deleteFrom('attempt')
      .where('key', 'in', (eb) =>
        eb.selectFrom('attempt').select('key').where('expiresAt', '<=', now).limit(sweepBatchSize),
      )
      .executeTakeFirst();
    return result.numDeletedRows;
  }, signal);
  const cutoff = now - authRateLimitWindowSeconds * 1000;
  const rateLimits = await deleteInBatches(async () => {
    const result = await db
      .deleteFrom('rateLimit')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('rateLimit')
          .select('id')
          .where('lastRequest', '<', cutoff)
          .limit(sweepBatchSize),
      )
      .executeTakeFirst();
    return result.numDeletedRows;
  }, signal);
  return attempts + rateLimits;
}

/**
 * Sweeps expired counters every `intervalMs` (a minute by default) while the app runs, and the
 * reading meter's reads of months gone by (its months are the site's time zone's).
 */
export const attemptSweepPlugin = fp<{ intervalMs?: number }>(
  async (app, { intervalMs = 60_000 }) => {
    runPeriodically(
      app,
      'sweeping expired counters and metered reads',
      intervalMs,
      async (signal) => {
        const attempts = await sweepExpiredAttempts(app.database.db, app.clock().getTime(), signal);
        const reads = await sweepPastMonths(app.database.db, app.readingMeter.month(), signal);
        return attempts + reads;
      },
    );
  },
  { name: 'attempt-sweep', dependencies: ['database', 'reading-meter'] },
);
