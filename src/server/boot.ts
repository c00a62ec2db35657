import { setTimeout } from 'node:timers/promises';
import type { AppConfig } from './config.js';
import { isSqliteBusy, openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoContent } from './db/seed/index.js';
import { createImageStore } from './images/create-store.js';

/**
 * Opens the database and brings it up to date: migrations always, demo content when the
 * configuration asks for it and the database is empty. The seed runs in one transaction, so an
 * interrupted start leaves an empty database that the next start seeds again.
 */
export async function prepareDatabase(
  config: AppConfig,
): Promise<{ database: DatabaseHandle; seeded: boolean }> {
  const database = openDatabase(config.database, { timeQueries: config.serverTiming });
  try {
    const seeded = await waitingForOtherWriters(async () => {
      await migrateToLatest(database.db);
      return config.seedDemo
        ? (await seedDemoContent(database.db, createImageStore(config))).seeded
        : false;
    });
    return { database, seeded };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** How long a start waits for another process that holds SQLite's write lock. */
export const writeLockWaitMs = 10 * 60_000;

/**
 * Runs `prepare` again while SQLite answers that another process holds its write lock. The
 * driver's busy timeout waits 5 s, enough for any request, but another server's migration of a
 * large database, or a long `db:migrate`, holds the lock for minutes, and a server starting
 * beside it must wait for it rather than stop. Both steps are transactions, so a try that
 * failed left nothing behind. PostgreSQL waits for its own locks.
 */
export async function waitingForOtherWriters<T>(
  prepare: () => Promise<T>,
  waitMs = writeLockWaitMs,
): Promise<T> {
  const deadline = Date.now() + waitMs;
  let told = false;
  for (;;) {
    try {
      return await prepare();
    } catch (err) {
      if (!isSqliteBusy(err)) throw err;
      if (Date.now() >= deadline) {
        throw new Error(
          `Another process has held the database's write lock for ${Math.round(waitMs / 1000)} s; stop it or try again`,
          { cause: err },
        );
      }
      if (!told) {
        console.warn('Waiting for another process that is writing to the database…');
        told = true;
      }
      await setTimeout(250);
    }
  }
}
