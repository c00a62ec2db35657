import { sql, type Kysely } from 'kysely';

/**
 * The reading meter (src/server/meter, decision 023): one row for each premium article a reader
 * without premium opened in full under the monthly allowance. A reader is named by a kind and a
 * keyed hash, never in clear: an account's id, a guest's visitor cookie, or a guest's network
 * address and user agent for the month. A reader's count this month is a range of the primary
 * key; the months gone are swept by the same key's first column. Deleting an article deletes its
 * rows, by their own index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('metered_read')
    // The month in the site's time zone, `2026-11`.
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('reader_kind', 'text', (c) =>
      c.notNull().check(sql`reader_kind in ('account', 'visitor', 'network')`),
    )
    .addColumn('reader_hash', 'text', (c) => c.notNull())
    .addColumn('article_id', 'integer', (c) =>
      c.notNull().references('article.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('metered_read_pk', [
      'month',
      'reader_kind',
      'reader_hash',
      'article_id',
    ])
    .execute();
  await db.schema
    .createIndex('metered_read_article_idx')
    .on('metered_read')
    .column('article_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('metered_read').execute();
}
