import { sql, type Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/**
 * SQLite: the site search index (migration 010) merges any level of its index that holds two
 * segments or more when asked to (FTS5's `usermerge`, 4 by default), so the merging that
 * search/tidy-index.ts asks for leaves about one segment per level. PostgreSQL's GIN index
 * keeps itself (its pending list is merged by vacuum): nothing to do there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) return;
  await sql`insert into article_search(article_search, rank) values ('usermerge', 2)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) return;
  await sql`insert into article_search(article_search, rank) values ('usermerge', 4)`.execute(db);
}
