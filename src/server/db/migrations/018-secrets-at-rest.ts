import { sql, type Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/**
 * Secrets at rest. better-auth now keeps a reset link's token only as its hash
 * (auth/mailed-links.ts). The reset rows stored before hold their tokens in the clear: they are
 * deleted, not hashed, since they expire within the hour anyway and their owners can ask again.
 *
 * `mail_queue.kind` says what a message is, and `carries_secret` that its link must not be
 * kept: once such a message is sent or given up on, its subject and bodies are emptied
 * (mail/queue.ts), and whom it went to, its kind and its times stay. Messages queued before are
 * told apart by what marks them: a reset's and a verification's subject, a receipt's and a
 * reminder's dedupe key; the rest are editors' notices, the column's default (every insert names
 * its kind). The handled ones that carry a secret are emptied here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await sql`delete from verification where identifier like 'reset-password:%'`.execute(db);
  await db.schema
    .alterTable('mail_queue')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('article-review'))
    .execute();
  await db.schema
    .alterTable('mail_queue')
    .addColumn('carries_secret', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .execute();
  const secret = t.postgres ? sql`true` : sql`1`;
  await sql`
    update mail_queue set kind = 'password-reset', carries_secret = ${secret}
    where subject like 'Choose a new password for %'`.execute(db);
  await sql`
    update mail_queue set kind = 'email-verification', carries_secret = ${secret}
    where subject like 'Confirm your email address for %'`.execute(db);
  await sql`update mail_queue set kind = 'receipt' where dedupe_key like 'receipt:%'`.execute(db);
  await sql`
    update mail_queue set kind = 'premium-reminder'
    where dedupe_key like 'premium-reminder:%'`.execute(db);
  await sql`
    update mail_queue set subject = '', text_body = '', html_body = ''
    where carries_secret and (sent_at is not null or failed_at is not null)`.execute(db);
}

/** The deleted reset rows and emptied messages do not come back. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_queue').dropColumn('carries_secret').execute();
  await db.schema.alterTable('mail_queue').dropColumn('kind').execute();
}
