import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { RateLimit } from '#shared/rules/limits';
import type { Db } from '#server/db/database';

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
  const [total] = await addAttempts(
    db,
    [{ key: attemptKey(scope, identity), count: 1 }],
    rule,
    now,
  );
  return total!.count <= rule.max;
}

/** A key's attempts within its current window, as the `attempt` table holds them. */
export interface AttemptTotal {
  key: string;
  count: number;
  expiresAt: number;
}

/**
 * Adds `count` attempts to each key, atomically (one multi-row upsert): a key whose window has
 * ended starts a new one of `rule`'s length with these attempts, from `since` (when the first of
 * them was made; now by default). Answers each key's total in its window, in any order.
 */
export async function addAttempts(
  db: Db,
  additions: readonly { key: string; count: number; since?: number }[],
  rule: RateLimit,
  now: number,
): Promise<AttemptTotal[]> {
  const windowMs = rule.windowSeconds * 1000;
  const expired = sql<boolean>`${sql.ref('attempt.expires_at')} <= ${now}`;
  return db
    .insertInto('attempt')
    .values(
      additions.map(({ key, count, since = now }) => ({
        key,
        count,
        windowStart: since,
        expiresAt: since + windowMs,
      })),
    )
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when ${expired} then ${sql.ref('excluded.count')} else ${sql.ref('attempt.count')} + ${sql.ref('excluded.count')} end`,
        windowStart: sql`case when ${expired} then ${sql.ref('excluded.window_start')} else ${sql.ref('attempt.window_start')} end`,
        expiresAt: sql`case when ${expired} then ${sql.ref('excluded.expires_at')} else ${sql.ref('attempt.expires_at')} end`,
      }),
    )
    .returning(['key', 'count', 'expiresAt'])
    .execute();
}

/** Forgets the attempts of `identity` in `scope` (a successful sign-in clears the failures). */
export async function forgetAttempts(db: Db, scope: string, identity: string): Promise<void> {
  await db.deleteFrom('attempt').where('key', '=', attemptKey(scope, identity)).execute();
}
