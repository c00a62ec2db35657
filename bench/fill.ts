import { sql } from 'kysely';
import { articleTextColumns } from '../src/shared/excerpt.js';
import type { DatabaseConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import type { Db } from '../src/server/db/database.js';
import {
  benchArticle,
  benchImageVariants,
  benchRandom,
  benchUser,
  publisherNames,
  type BenchArticle,
} from './corpus.js';

export interface FillResult {
  seconds: number;
  /** Ids a guest may open: approved and free (detail and view scenarios pick from these). */
  openIds: number[];
  /** Approved premium articles: what the reading meter opens for a guest. */
  premiumIds: number[];
}

/**
 * Migrates a fresh database with the server's own migrations, then fills it directly (not
 * through the API): publishers, users, articles, their tags and their pictures' widths, in
 * multi-row INSERTs inside one transaction. Rows are made in batches, so the whole content is
 * never in memory at once.
 */
export async function fillDatabase(
  config: DatabaseConfig,
  counts: { articles: number; users: number },
): Promise<FillResult> {
  const started = performance.now();
  const handle = openDatabase(config);
  const openIds: number[] = [];
  const premiumIds: number[] = [];
  try {
    await migrateToLatest(handle.db);
    const random = benchRandom();
    await handle.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('publisher')
        .values(
          publisherNames.map((name, index) => ({
            id: index + 1,
            name,
            logo: `/uploads/logo-${index + 1}.webp`,
            createdAt: '2022-01-01T00:00:00.000Z',
          })),
        )
        .execute();

      for (let first = 1; first <= counts.users; first += batchSize) {
        const rows = range(first, Math.min(counts.users, first + batchSize - 1)).map((n) => {
          const user = benchUser(n, random);
          return {
            id: user.id,
            name: user.name,
            email: user.email,
            emailVerified: true,
            image: user.image,
            createdAt: user.createdAt,
            updatedAt: user.createdAt,
            isAdmin: false,
            premiumUntil: user.isPremium ? '2099-01-01T00:00:00.000Z' : null,
          };
        });
        await trx.insertInto('user').values(rows).execute();
      }

      for (let first = 1; first <= counts.articles; first += batchSize) {
        const last = Math.min(counts.articles, first + batchSize - 1);
        const articles = range(first, last).map((id) =>
          benchArticle(id, counts.articles, counts.users, random),
        );
        await insertArticles(trx, articles);
        for (const a of articles) {
          if (a.isApproved) (a.isPremium ? premiumIds : openIds).push(a.id);
        }
      }
    });
    if (handle.dialect === 'postgres') {
      // Explicit ids leave the serial sequences behind; a later insert must not collide.
      for (const table of ['publisher', 'article']) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
          handle.db,
        );
      }
      // Autovacuum vacuums and analyzes a table after this many inserts, within a minute or so;
      // do it now, as it will have happened on any database that has been live for a while.
      // (Until then, index-only scans still visit the table and the planner guesses.)
      await sql`vacuum analyze`.execute(handle.db);
    }
  } finally {
    await handle.close();
  }
  return { seconds: (performance.now() - started) / 1000, openIds, premiumIds };
}

/** Rows per INSERT: 14 columns x 1000 stays under both engines' limit on bound parameters. */
const batchSize = 1000;

async function insertArticles(trx: Db, articles: BenchArticle[]): Promise<void> {
  await trx
    .insertInto('article')
    .values(
      articles.map((a) => ({
        id: a.id,
        title: a.title,
        image: a.image,
        publisherId: a.publisherId,
        ...articleTextColumns(a.body),
        isPremium: a.isPremium,
        viewCount: a.viewCount,
        isApproved: a.isApproved,
        adminMessage: null,
        authorId: a.authorId,
        createdAt: a.createdAt,
        updatedAt: a.createdAt,
      })),
    )
    .execute();
  await trx
    .insertInto('articleTag')
    .values(articles.flatMap((a) => a.tags.map((tag) => ({ articleId: a.id, tag }))))
    .execute();
  // A few ids' names coincide (hex(11, 'b') is hex(187, 'b')): one picture, recorded once.
  await trx
    .insertInto('imageVariant')
    .values(articles.flatMap(benchImageVariants))
    .onConflict((oc) => oc.columns(['image', 'width']).doNothing())
    .execute();
}

function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
