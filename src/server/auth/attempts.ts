import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * Counts one attempt against `key` in a fixed window, atomically (one upsert), in the same
 * table as better-auth's rate limits, so every server process shares the count.
 * Answers false once `max` attempts were made within the window.
 */
export async function consumeAttempt(
  db: Db,
  key: string,
  rule: { max: number; windowSeconds: number },
  now = Date.now(),
): Promise<boolean> {
  const windowStart = now - rule.windowSeconds * 1000;
  const row = await db
    .insertInto('rateLimit')
    .values({ id: key, key, count: 1, lastRequest: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when ${sql.ref('rate_limit.last_request')} < ${windowStart} then 1 else ${sql.ref('rate_limit.count')} + 1 end`,
        lastRequest: sql`case when ${sql.ref('rate_limit.last_request')} < ${windowStart} then ${now} else ${sql.ref('rate_limit.last_request')} end`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count <= rule.max;
}

export async function forgetAttempts(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rateLimit').where('key', '=', key).execute();
}
