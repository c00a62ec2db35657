import type { Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/**
 * Beside a premium article's stored page (the wall every guest with a spent meter gets,
 * migration 015), its open page as the reading meter opens it for a guest, with gaps for each
 * reader's numbers (pages/open-pages.ts): rendered by the same render, under the same claim, and
 * forgotten with the page by the same triggers. Null for a free article, or with guests not
 * metered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { postgres } = columnTypes(db);
  await db.schema
    .alterTable('stored_page')
    .addColumn('open_segments', postgres ? 'bytea' : 'blob')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stored_page').dropColumn('open_segments').execute();
}
