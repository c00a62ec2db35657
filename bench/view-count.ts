import { sql } from 'kysely';
import type { DatabaseConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';

/** Longer than the server takes to write the views it counted (once a second: article-views.ts). */
const flushWaitMs = 1_500;

/**
 * All articles' views added up, once the server has written every view it counted: read over a
 * connection of our own beside the server's until two reads a flush apart agree.
 */
export async function totalViews(config: DatabaseConfig): Promise<number> {
  const handle = openDatabase(config);
  try {
    const read = async () => {
      const { rows } = await sql<{ total: number | string }>`
        select coalesce(sum(view_count), 0) as total from article
      `.execute(handle.db);
      return Number(rows[0]?.total ?? 0);
    };
    let total = await read();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, flushWaitMs));
      const again = await read();
      if (again === total) return total;
      total = again;
    }
  } finally {
    await handle.close();
  }
}
