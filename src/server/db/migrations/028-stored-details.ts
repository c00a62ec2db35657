import type { Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/**
 * Beside each published free article's stored page (migration 015), its public detail
 * (`GET /api/articledetail/:id` as a guest gets it), JSON gzip-compressed, stored by the same
 * render and forgotten with the page by the same triggers: the detail shows nothing the page's
 * triggers do not follow but its view count, which lags in it as it does in the page's state.
 * Null for a premium article, whose detail a guest is refused or read with their meter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { postgres } = columnTypes(db);
  await db.schema
    .alterTable('stored_page')
    .addColumn('detail_gzip', postgres ? 'bytea' : 'blob')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stored_page').dropColumn('detail_gzip').execute();
}
