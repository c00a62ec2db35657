import type { Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/**
 * Bounces and complaints (src/server/newsletter/suppression.ts, decision 022). A subscriber
 * records when its address was last suppressed and why (`suppressed_at`, `suppressed_reason`:
 * hard_bounce, soft_bounce or complaint), kept as history when it subscribes again; a send
 * counts the complaints against it (`complaints`), which stop it past 0.3% of its recipients.
 * A run of soft bounces is read from the subscriber's deliveries, newest send first
 * (`newsletter_delivery_subscriber_send_idx`, which replaces the subscriber's index of 022);
 * a send's progress is a count of its deliveries by state (`newsletter_delivery_send_status_idx`).
 * The dashboard counts subscribers by the day they were confirmed, left (`status`, `updated_at`)
 * and were suppressed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('newsletter_subscriber')
    .addColumn('suppressed_at', t.timestamp)
    .execute();
  await db.schema
    .alterTable('newsletter_subscriber')
    .addColumn('suppressed_reason', 'text')
    .execute();
  await db.schema
    .alterTable('newsletter_send')
    .addColumn('complaints', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('newsletter_subscriber_confirmed_idx')
    .on('newsletter_subscriber')
    .column('confirmed_at')
    .execute();
  await db.schema
    .createIndex('newsletter_subscriber_status_updated_idx')
    .on('newsletter_subscriber')
    .columns(['status', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('newsletter_subscriber_suppressed_idx')
    .on('newsletter_subscriber')
    .column('suppressed_at')
    .execute();
  await db.schema.dropIndex('newsletter_delivery_subscriber_idx').execute();
  await db.schema
    .createIndex('newsletter_delivery_subscriber_send_idx')
    .on('newsletter_delivery')
    .columns(['subscriber_id', 'send_id'])
    .execute();
  await db.schema
    .createIndex('newsletter_delivery_send_status_idx')
    .on('newsletter_delivery')
    .columns(['send_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('newsletter_delivery_send_status_idx').execute();
  await db.schema.dropIndex('newsletter_delivery_subscriber_send_idx').execute();
  await db.schema
    .createIndex('newsletter_delivery_subscriber_idx')
    .on('newsletter_delivery')
    .column('subscriber_id')
    .execute();
  await db.schema.dropIndex('newsletter_subscriber_suppressed_idx').execute();
  await db.schema.dropIndex('newsletter_subscriber_status_updated_idx').execute();
  await db.schema.dropIndex('newsletter_subscriber_confirmed_idx').execute();
  await db.schema.alterTable('newsletter_send').dropColumn('complaints').execute();
  await db.schema.alterTable('newsletter_subscriber').dropColumn('suppressed_reason').execute();
  await db.schema.alterTable('newsletter_subscriber').dropColumn('suppressed_at').execute();
}
