import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { Db } from '#server/db/database';
import { runPeriodically } from '#server/jobs/periodic';

/** Leaf pages one merge step writes at most: a step holds the write lock for about 10 ms. */
const pagesPerStep = 100;

/**
 * SQLite: merges the site search index's segments, a step at a time, until no level holds two
 * (migration 017), and answers the steps that merged something. FTS5 writes each batch of new
 * entries as a segment of its own and merges them only a little as more are written; a search
 * reads each of its words in every segment. After a bulk load or a day of edits the index has
 * a few hundred segments, and marking a result page's ten passages, which finds each result by
 * its id in every segment of every word, took about three times as long as after merging (0.8
 * against 0.28 ms on 100,000 articles). Each step is a short write of its own, so other writes
 * wait at most a step; a run stops between steps when the app closes.
 */
export async function tidySearchIndex(db: Db, signal?: AbortSignal): Promise<number> {
  let steps = 0;
  while (!signal?.aborted) {
    const merged = await db.transaction().execute(async (trx) => {
      const changes = () =>
        sql<{ n: number }>`select total_changes() as n`.execute(trx).then((r) => r.rows[0]!.n);
      const before = await changes();
      await sql`insert into article_search(article_search, rank) values ('merge', ${pagesPerStep})`.execute(
        trx,
      );
      // FTS5 writes nothing, or one row, when no level holds enough segments to merge.
      return (await changes()) - before > 1;
    });
    if (!merged) break;
    steps += 1;
    await yieldToOthers();
  }
  return steps;
}

/**
 * Tidies SQLite's search index every `intervalMs` (a minute by default) while the app runs: a run
 * with nothing to merge is one short write, and after a bulk load the index is tidy within a
 * minute of the server starting.
 */
export const searchIndexTidyPlugin = fp<{ intervalMs?: number }>(
  async (app, { intervalMs = 60_000 }) => {
    if (app.database.dialect !== 'sqlite') return;
    runPeriodically(app, 'merging the search index', intervalMs, (signal) =>
      tidySearchIndex(app.database.db, signal),
    );
  },
  { name: 'search-index-tidy', dependencies: ['database'] },
);
