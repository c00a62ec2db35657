import type { Kysely } from 'kysely';

/**
 * Tables that stay bounded. `attempt` holds the app's own attempt counters (sign-in lockout,
 * registrations, uploads, payment intents, views), apart from better-auth's `rate_limit`:
 * better-auth prunes every `rate_limit` row older than its own longest window (a minute), which
 * erased the 15-minute and hourly counters kept there. Each counter's key is a hash (see
 * auth/attempts.ts) and `expires_at` says when its window ends, so expired ones are swept in
 * batches by that index; `rate_limit` gets an index on `last_request` for the same reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attempt')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    // Milliseconds since the epoch, like rate_limit.last_request.
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('attempt_expires_at_idx')
    .on('attempt')
    .column('expires_at')
    .execute();
  await db.schema
    .createIndex('rate_limit_last_request_idx')
    .on('rate_limit')
    .column('last_request')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rate_limit_last_request_idx').execute();
  await db.schema.dropTable('attempt').execute();
}
