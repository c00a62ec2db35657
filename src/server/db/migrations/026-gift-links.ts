import type { Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/**
 * Gift links (src/server/gifts, decision 024). A gift is one premium article a premium reader
 * shares: its token is kept only as its SHA-256 (`token_hash`, what a link is looked up by) and
 * sealed under the server's secret (`token_sealed`, so its giver can be given the same link
 * again); `month` is the giver's calendar month it counts in, in the site's time zone, so a
 * giver's count is a range of one index. `opened_count` is how many browsers opened it, raised
 * with a guard in the same statement, so no two browsers take its last place. Each browser's
 * first opening is one `gift_opening` row, named only by keyed hashes: its visitor cookie's, and
 * its network address's and user agent's, the backstop for browsers that drop cookies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('gift')
    .addColumn('id', t.serial, (c) => c.primaryKey())
    .addColumn('article_id', 'integer', (c) =>
      c.notNull().references('article.id').onDelete('cascade'),
    )
    .addColumn('giver_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_sealed', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('revoked_at', t.timestamp)
    .addColumn('opened_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // A giver's gifts this month, and their list, newest first.
  await db.schema
    .createIndex('gift_giver_idx')
    .on('gift')
    .columns(['giver_id', 'month', 'id'])
    .execute();
  await db.schema.createIndex('gift_article_idx').on('gift').column('article_id').execute();
  await db.schema
    .createTable('gift_opening')
    .addColumn('gift_id', 'integer', (c) => c.notNull().references('gift.id').onDelete('cascade'))
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('network_hash', 'text', (c) => c.notNull())
    .addColumn('first_opened_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('gift_opening_pk', ['gift_id', 'browser_hash'])
    .execute();
  await db.schema
    .createIndex('gift_opening_network_idx')
    .on('gift_opening')
    .columns(['gift_id', 'network_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('gift_opening').execute();
  await db.schema.dropTable('gift').execute();
}
