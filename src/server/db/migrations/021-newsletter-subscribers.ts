import { sql, type Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/**
 * Newsletter subscribers (src/server/newsletter): anyone's address, with or without an account.
 * `status` is pending (until the mailed confirmation link is opened: double opt-in), confirmed,
 * unsubscribed or suppressed (bounces and complaints). A pending address keeps only the SHA-256
 * of its confirmation token, which works until `confirm_expires_at`. `digest` is the daily
 * digest; `newsletter_subscriber_publisher` the publishers a subscriber also chose. A send reads
 * the confirmed subscribers in id order (`newsletter_subscriber_status_idx`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('newsletter_subscriber')
    .addColumn('id', t.serial, (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'confirmed', 'unsubscribed', 'suppressed')`),
    )
    .addColumn('digest', t.boolean, (c) => c.notNull().defaultTo(t.postgres ? true : 1))
    .addColumn('confirm_token_hash', 'text', (c) => c.unique())
    .addColumn('confirm_expires_at', t.timestamp)
    .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('confirmed_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('newsletter_subscriber_status_idx')
    .on('newsletter_subscriber')
    .columns(['status', 'id'])
    .execute();
  await db.schema
    .createIndex('newsletter_subscriber_user_idx')
    .on('newsletter_subscriber')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('newsletter_subscriber_publisher')
    .addColumn('subscriber_id', 'integer', (c) =>
      c.notNull().references('newsletter_subscriber.id').onDelete('cascade'),
    )
    .addColumn('publisher_id', 'integer', (c) =>
      c.notNull().references('publisher.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('newsletter_subscriber_publisher_pk', [
      'subscriber_id',
      'publisher_id',
    ])
    .execute();
  // A publisher's followers, for its sends.
  await db.schema
    .createIndex('newsletter_subscriber_publisher_publisher_idx')
    .on('newsletter_subscriber_publisher')
    .columns(['publisher_id', 'subscriber_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_subscriber_publisher').execute();
  await db.schema.dropTable('newsletter_subscriber').execute();
}
