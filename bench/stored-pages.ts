import { sql } from 'kysely';
import type { DatabaseConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';

/**
 * Waits while the server stores every published article's guest page (pages/fill-stored-pages.ts),
 * as it does after a deploy or the day's turn, so that the article scenario measures the site as
 * it runs the rest of the day. Answers the seconds it took, or undefined if the store was still
 * not full after `limitMs` (the scenario then measures renders as well, and the run says so).
 */
export async function waitForStoredPages(
  config: DatabaseConfig,
  limitMs = 15 * 60_000,
): Promise<number | undefined> {
  const handle = openDatabase(config);
  const started = Date.now();
  let reported = started;
  try {
    for (;;) {
      const { rows } = await sql<{ published: number | string; stored: number | string }>`
        select
          (select count(*) from article where is_approved) as published,
          (select count(*) from stored_page where html_gzip is not null) as stored
      `.execute(handle.db);
      const published = Number(rows[0]?.published ?? 0);
      const stored = Number(rows[0]?.stored ?? 0);
      if (stored >= published) return (Date.now() - started) / 1000;
      if (Date.now() - started > limitMs) return undefined;
      if (Date.now() - reported > 30_000) {
        reported = Date.now();
        console.log(
          `  (${stored.toLocaleString('en')} of ${published.toLocaleString('en')} pages stored)`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  } finally {
    await handle.close();
  }
}
