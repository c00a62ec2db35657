import type { Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/**
 * Payments: `payment` is our record of each intent we asked a provider for (who, which plan,
 * what amount) and whether it has granted premium yet; granting flips `status` once, so a
 * replayed confirm or a second webhook finds nothing left to do. `demo_payment_intent` is the
 * demo provider's own book, kept in the database so every server process sees the same one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('payment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('granted_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('payment_user_created_idx')
    .on('payment')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('demo_payment_intent')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_secret', 'text', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('demo_payment_intent').execute();
  await db.schema.dropTable('payment').execute();
}
