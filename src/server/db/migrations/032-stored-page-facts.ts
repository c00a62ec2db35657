import { sql, type Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/**
 * A stored page carries the facts of its article that its answer needs besides its bytes (the
 * premium flag, for the reading meter and the caching headers; the publisher and author, which
 * the headers name): copied from the article when a render claims the page, so a guest's page is
 * read from its own row alone, without the article's row beside it. The triggers of migration
 * 015 forget the page whenever any of the three changes, so the copy never outlives them. The
 * pages stored before are given theirs from their articles.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('stored_page')
    .addColumn('is_premium', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .execute();
  await db.schema
    .alterTable('stored_page')
    .addColumn('publisher_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('stored_page')
    .addColumn('author_id', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const from = (column: string) =>
    sql`(select ${sql.ref(column)} from article where article.id = stored_page.article_id)`;
  await sql`update stored_page set
    is_premium = ${from('is_premium')},
    publisher_id = ${from('publisher_id')},
    author_id = ${from('author_id')}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['is_premium', 'publisher_id', 'author_id']) {
    await db.schema.alterTable('stored_page').dropColumn(column).execute();
  }
}
