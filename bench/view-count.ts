import { sql } from 'kysely';
import type { DatabaseConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';

/** All articles' views added up, read over a connection of our own beside the server's. */
export async function totalViews(config: DatabaseConfig): Promise<number> {
  const handle = openDatabase(config);
  try {
    const { rows } = await sql<{ total: number | string }>`
      select coalesce(sum(view_count), 0) as total from article
    `.execute(handle.db);
    return Number(rows[0]?.total ?? 0);
  } finally {
    await handle.close();
  }
}
