import { sql, type Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/**
 * PostgreSQL: an article's search vector (migration 010, about 1.75 KB) is kept in the article's
 * own row, compressed if need be, instead of out of line in TOAST, where the row's size put it.
 * A search walks the newest articles testing each one's vector: out of line, each test read about
 * five more buffers (the TOAST index and its chunk), and a word in a third of 100,000 articles
 * took 18 ms; kept in the row, 5 ms. Rows written from now on are stored so; older ones as they
 * are next written. SQLite's index is a table of its own: nothing to do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) {
    await sql`alter table article alter column search set storage main`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) {
    await sql`alter table article alter column search set storage extended`.execute(db);
  }
}
