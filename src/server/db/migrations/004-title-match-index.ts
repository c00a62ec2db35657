import type { Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/**
 * SQLite: a narrow copy of what lists filter and sort on newest first, by article id, so a title
 * search (and site search, search/sqlite-matches.ts) can read its FTS5 matches one by one without reading the articles' large rows (each
 * holds its whole text): counting 2,000 matches reads 2,000 entries here instead of 2,000 rows
 * spread over the file. articles/queries/title-search.ts names it (INDEXED BY): SQLite would
 * otherwise read the rows by their id. PostgreSQL needs none: its trigram index only narrows the
 * candidates, and it reads each from the table anyway to recheck the title (a bitmap heap scan).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) return;
  await db.schema
    .createIndex('article_title_match_idx')
    .on('article')
    .columns(['id', 'is_approved', 'is_premium', 'publisher_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) return;
  await db.schema.dropIndex('article_title_match_idx').execute();
}
