import { sql } from 'kysely';

/**
 * The premium rule (src/shared/rules/premium.ts) as a condition on the `user` table, for queries
 * that decide or count by it in the database: premium access runs while `premium_until` is after
 * `now`. Timestamps are stored as ISO-8601 UTC text on SQLite, which compares in time order.
 */
export function premiumRunsAt(now: Date) {
  return sql<boolean>`${sql.ref('user.premiumUntil')} > ${now.toISOString()}`;
}
