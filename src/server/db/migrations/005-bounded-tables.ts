import type { Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/**
 * Tables that stay bounded. `attempt` holds the app's own attempt counters (sign-in lockout,
 * registrations, uploads, payment intents, views), apart from better-auth's `rate_limit`:
 * better-auth prunes every `rate_limit` row older than its own longest window (a minute), which
 * erased the 15-minute and hourly counters kept there. Each counter's key is a hash (see
 * rate-limit/attempts.ts) and `expires_at` says when its window ends, so expired ones are swept in
 * batches by that index; `rate_limit` gets an index on `last_request` for the same reason.
 *
 * `stored_image` records each image the app stored in a store it can delete from (local disk,
 * S3), by the URL it is shown at, so that images nothing refers to any more can be swept
 * (images/sweep.ts). The columns that refer to images get indexes for that check.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
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

  await db.schema
    .createTable('stored_image')
    .addColumn('url', 'text', (c) => c.primaryKey())
    .addColumn('store', 'text', (c) => c.notNull())
    // When it was last stored: storing the same bytes again makes it new.
    .addColumn('stored_at', t.timestamp, (c) => c.notNull())
    .execute();
  // The sweeper walks one store's images in URL order, a batch at a time.
  await db.schema
    .createIndex('stored_image_store_url_idx')
    .on('stored_image')
    .columns(['store', 'url'])
    .execute();
  await db.schema.createIndex('article_image_idx').on('article').column('image').execute();
  await db.schema.createIndex('user_image_idx').on('user').column('image').execute();
  await db.schema.createIndex('publisher_logo_idx').on('publisher').column('logo').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('publisher_logo_idx').execute();
  await db.schema.dropIndex('user_image_idx').execute();
  await db.schema.dropIndex('article_image_idx').execute();
  await db.schema.dropTable('stored_image').execute();
  await db.schema.dropIndex('rate_limit_last_request_idx').execute();
  await db.schema.dropTable('attempt').execute();
}
