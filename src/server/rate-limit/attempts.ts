import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { RateLimit } from '#shared/rules/limits';
import type { Db } from '../db/database.js';

/**
 * The stored key of what is counted: the scope (`sign-in`, `view`, …) and the SHA-256 of the
 * identity (an email, an address and an article, a user id), so a key is 50-odd bytes whatever
 * the identity's length or content.
 */
export function attemptKey(scope: string, identity: string): string {
  return `${scope}:${createHash('sha256').update(identity).digest('base64url')}`;
}

/**
 * Counts one attempt of `identity` in `scope`, atomically (one upsert in the `attempt` table), so
 * every server process shares the count. Answers false once `max` attempts were made within
 * the window. The row records when its window ends, so the sweeper (sweep.ts) can
 * delete it afterwards.
 */
export async function consumeAttempt(
  db: Db,
  scope: string,
  identity: string,
  rule: RateLimit,
  now = Date.now(),
): Promise<boolean> {
  const windowMs = rule.windowSeconds * 1000;
  const expired = sql<boolean>`${sql.ref('attempt.expires_at')} <= ${now}`;
  const row = await db
    .insertInto('attempt')
    .values({
      key: attemptKey(scope, identity),
      count: 1,
      windowStart: now,
      expiresAt: now + windowMs,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when ${expired} then 1 else ${sql.ref('attempt.count')} + 1 end`,
        windowStart: sql`case when ${expired} then ${now} else ${sql.ref('attempt.window_start')} end`,
        expiresAt: sql`case when ${expired} then ${now + windowMs} else ${sql.ref('attempt.expires_at')} end`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count <= rule.max;
}

/** Forgets the attempts of `identity` in `scope` (a successful sign-in clears the failures). */
export async function forgetAttempts(db: Db, scope: string, identity: string): Promise<void> {
  await db.deleteFrom('attempt').where('key', '=', attemptKey(scope, identity)).execute();
}
