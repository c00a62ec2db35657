import { randomBytes } from 'node:crypto';
import { copyFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../src/server/db/database.js';
import { readArticle } from '../src/server/articles/queries/detail.js';
import { createBenchDatabase } from './databases.js';
import { fillDatabase } from './fill.js';

/**
 * npm run bench:stored-pages [-- --articles N]: do the guests' stored pages (decision 014), which
 * grow a SQLite file by about 4.6 KB an article, slow the random reads of the articles beside
 * them? On one throw-away database of N articles (100,000 by default), it reads the article
 * detail (`readArticle`, the query `GET /api/articles/:id` runs) for random published ids, with
 * the server's own settings, on a copy of it as filled and on a copy with a stored page of that
 * size for every published article, in turn: the median of nine rounds of 20,000 reads each.
 */
const { values } = parseArgs({ options: { articles: { type: 'string' } } });
const articles = Number(values.articles ?? 100_000);
const reads = 20_000;
const rounds = 9;

const database = await createBenchDatabase('sqlite');
try {
  console.log(`Filling SQLite with ${articles.toLocaleString('en')} articles...`);
  const fill = await fillDatabase(database.config, { articles, users: 10_000 });
  if (database.config.dialect !== 'sqlite') throw new Error('SQLite only');
  // The same database twice: as filled, and with a stored page for every published article.
  const withPagesFile = path.join(database.dataDir, 'with-pages.db');
  copyFileSync(database.config.file, withPagesFile);
  const without = openDatabase(database.config);
  const withPages = openDatabase({ dialect: 'sqlite', file: withPagesFile });
  try {
    await addStoredPages(withPages.db);
    const ids = fill.openIds;
    const round = async (db: Db) => {
      const started = performance.now();
      for (let n = 0; n < reads; n += 1) {
        await readArticle(db, ids[Math.floor(Math.random() * ids.length)]!, null);
      }
      return ((performance.now() - started) * 1000) / reads;
    };
    // Rounds taken in turn, so that the machine's drift falls on both alike.
    const times = { without: [] as number[], with: [] as number[] };
    for (let n = 0; n < rounds; n += 1) {
      times.without.push(await round(without.db));
      times.with.push(await round(withPages.db));
    }
    const median = (list: number[]) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    const mb = (file: string) => (statSync(file).size / 1e6).toFixed(0);
    console.log(
      `without stored pages (${mb(database.config.file)} MB): ${median(times.without).toFixed(1)} µs a read`,
    );
    console.log(
      `with stored pages (${mb(withPagesFile)} MB): ${median(times.with).toFixed(1)} µs a read`,
    );
  } finally {
    await without.close();
    await withPages.close();
  }
} finally {
  await database.drop();
}

/** Compressed HTML does not compress again: random bytes of a stored page's size stand for it. */
async function addStoredPages(db: Db): Promise<void> {
  const published = await db
    .selectFrom('article')
    .select(['id', 'isPremium', 'publisherId', 'authorId'])
    .where('isApproved', '=', true)
    .execute();
  for (let first = 0; first < published.length; first += 500) {
    await db
      .insertInto('storedPage')
      .values(
        published.slice(first, first + 500).map(({ id, isPremium, ...facts }) => ({
          ...facts,
          isPremium: Boolean(isPremium),
          articleId: id,
          build: 'bench',
          day: '2026-11-28',
          claim: null,
          claimedAt: 0,
          htmlGzip: randomBytes(4_600),
        })),
      )
      .execute();
  }
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
}
