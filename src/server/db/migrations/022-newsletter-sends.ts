import { sql, type Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/**
 * Newsletter sends (src/server/newsletter): a send is one article sent now by an admin (at most
 * once an article: `article_id` is unique) or a day's digest (once a day: `digest_day`), and a
 * durable job of deliveries, one row per recipient, made in one statement when the send is
 * queued. Every server takes deliveries that are due in small claims (`claimed_until`, epoch
 * milliseconds, as the mail queue's), marks each sent as soon as the mail server takes it, and
 * retries a temporary failure later (`next_attempt_at`), so a server that dies resends at most
 * the messages in flight.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('newsletter_send')
    .addColumn('id', t.serial, (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('article', 'digest')`))
    .addColumn('article_id', 'integer', (c) =>
      c.unique().references('article.id').onDelete('set null'),
    )
    .addColumn('digest_day', 'text', (c) => c.unique())
    // The articles it carries, as a JSON array of ids (one for an article's send).
    .addColumn('article_ids', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('sending', 'done', 'stopped')`),
    )
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('finished_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('newsletter_send_created_idx')
    .on('newsletter_send')
    .column('created_at')
    .execute();
  await db.schema
    .createTable('newsletter_delivery')
    .addColumn('send_id', 'integer', (c) =>
      c.notNull().references('newsletter_send.id').onDelete('cascade'),
    )
    .addColumn('subscriber_id', 'integer', (c) =>
      c.notNull().references('newsletter_subscriber.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('queued', 'sent', 'failed', 'bounced')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_until', 'bigint')
    .addColumn('sent_at', 'bigint')
    .addColumn('last_error', 'text')
    .addPrimaryKeyConstraint('newsletter_delivery_pk', ['send_id', 'subscriber_id'])
    .execute();
  // What is still to deliver, in the order it is due: the senders' only read.
  await db.schema
    .createIndex('newsletter_delivery_due_idx')
    .on('newsletter_delivery')
    .column('next_attempt_at')
    .where(sql<boolean>`status = 'queued'`)
    .execute();
  // A subscriber's deliveries, for bounces and their deletion.
  await db.schema
    .createIndex('newsletter_delivery_subscriber_idx')
    .on('newsletter_delivery')
    .column('subscriber_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_delivery').execute();
  await db.schema.dropTable('newsletter_send').execute();
}
