import { sql, type Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/**
 * Mail (src/server/mail): `mail_queue` holds every message from the moment the write that
 * causes it commits until a server has handed it over, so a restart or a failed SMTP server
 * loses none. Times are epoch milliseconds. `dedupe_key` names a notice that must go once
 * (a premium reminder per expiry, say): a second insert with the same key does nothing,
 * whichever process makes it. `user.email_notices` is the reader's choice of notices;
 * `user.premium_reminded_until` the expiry a reminder was last sent for (payments/reminders.ts,
 * which finds readers through the index on `premium_until` from 001).
 * Accounts made before addresses were verified count as verified: they were let in without a
 * link to follow, and would otherwise lose what they could do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('mail_queue')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    // Set while a server sends it; a server that dies mid-send lets it go again after this.
    .addColumn('claimed_until', 'bigint')
    .addColumn('sent_at', 'bigint')
    // Given up on after the last retry.
    .addColumn('failed_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // What is still to send, in the order it is due: the sender's only read.
  await db.schema
    .createIndex('mail_queue_due_idx')
    .on('mail_queue')
    .column('next_attempt_at')
    .where(sql<boolean>`sent_at is null and failed_at is null`)
    .execute();
  // The sweeper deletes handled messages by age.
  await db.schema
    .createIndex('mail_queue_created_idx')
    .on('mail_queue')
    .column('created_at')
    .execute();
  await db.schema
    .alterTable('user')
    .addColumn('email_notices', t.boolean, (c) => c.notNull().defaultTo(t.postgres ? true : 1))
    .execute();
  await db.schema.alterTable('user').addColumn('premium_reminded_until', t.timestamp).execute();
  await sql`update "user" set email_verified = ${t.postgres ? sql`true` : sql`1`}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user').dropColumn('premium_reminded_until').execute();
  await db.schema.alterTable('user').dropColumn('email_notices').execute();
  await db.schema.dropTable('mail_queue').execute();
}
