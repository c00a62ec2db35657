import { sql, type Kysely } from 'kysely';
import { plainTextToBody } from '#shared/article-body/plain-text';
import { articleTextColumns } from '#shared/excerpt';

/** Rows converted per statement batch: a few hundred keeps each read small on a large table. */
const batch = 500;

/**
 * Article bodies become documents (docs/decisions/015-article-body-document.md): articles and
 * authors' pending edits get a `body` column, the document as JSON, filled here from the plain
 * text each holds (its paragraphs, as pages showed them). An article's premium excerpt is taken
 * again from its free part, so that no card shows more than a reader who may not read it may see.
 * `description` stays, the body's plain text, for the API's answers and for search.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['article', 'article_revision'] as const) {
    await db.schema
      .alterTable(table)
      .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    for (let after = 0; ;) {
      const { rows } = await sql<{ id: number; description: string }>`
        select id, description from ${sql.table(table)}
        where id > ${after} order by id limit ${batch}`.execute(db);
      if (rows.length === 0) break;
      for (const row of rows) {
        const columns = articleTextColumns(plainTextToBody(row.description));
        if (table === 'article') {
          await sql`
            update article set body = ${columns.body}, premium_excerpt = ${columns.premiumExcerpt}
            where id = ${row.id}`.execute(db);
        } else {
          await sql`update article_revision set body = ${columns.body} where id = ${row.id}`.execute(
            db,
          );
        }
      }
      after = rows.at(-1)!.id;
    }
  }
}

/** The bodies go; the descriptions they were made from are still there. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('article_revision').dropColumn('body').execute();
  await db.schema.alterTable('article').dropColumn('body').execute();
}
