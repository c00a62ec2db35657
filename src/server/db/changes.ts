import type SQLite from 'better-sqlite3';
import { SqliteAdapter, sql } from 'kysely';
import pg from 'pg';
import type { Db } from './database.js';

/**
 * How every server process sharing one database learns that another changed what the public
 * lists, totals, feeds and pages show, so that each invalidates what it kept (list-cache.ts) at once
 * rather than when its copies grow old (docs/decisions/008-shared-forgetting.md).
 *
 * Each process follows a generation: a number that moves whenever any process announces a
 * change. What a process keeps belongs to the generation it was read in.
 *
 * - SQLite: the generation is the `change_counter` row, read before each answer from the cache.
 *   The read is synchronous (better-sqlite3) and skips the queue of the one connection, so an
 *   answer kept in memory never waits behind slow queries. It is always up to date: the row only
 *   changes in its own one-statement write, never inside a transaction still open.
 * - PostgreSQL: a dedicated connection LISTENs on one channel; every notice for this schema
 *   moves the generation. When that connection is lost the generation moves (notices may be
 *   missed) and, until it is back, the watch is not `sure`: kept answers live a second at most.
 */
export interface ChangeWatch {
  current(): { generation: number; sure: boolean };
  close(): Promise<void>;
}

export interface ChangeLog {
  info(message: string): void;
  warn(obj: object, message: string): void;
}

const channel = 'tribune_changes';
const watches = new WeakMap<Db, { watch: ChangeWatch; log: ChangeLog }>();
/**
 * Changes this process announced itself. They move its generation at once: on PostgreSQL its own
 * notice comes back a moment later, and an answer kept in between would outlive the write that
 * made it stale (a guest reloading right after an admin's approval would see the old page).
 */
const ownChanges = new WeakMap<Db, number>();

/** Makes `watch` the one the caches of `db` follow (db/plugin.ts, for the app's database). */
export function followChanges(db: Db, watch: ChangeWatch, log: ChangeLog): void {
  watches.set(db, { watch, log });
}

/** The generation of `db`'s changes; always 0 and sure where no watch is set (scripts). */
export function currentGeneration(db: Db): { generation: number; sure: boolean } {
  const { generation, sure } = watches.get(db)?.watch.current() ?? { generation: 0, sure: true };
  return { generation: generation + (ownChanges.get(db) ?? 0), sure };
}

/**
 * Invalidates every kept public answer (the article lists, guests' pages, the feeds) in every
 * process, this one included: bumps the counter on SQLite, NOTIFYs on PostgreSQL. Every write
 * that changes what the public sees (an article, its tags, its author's name or photo, a
 * publisher) calls it after the write has committed, before its answer goes; the caches
 * compare generations and drop what was read before.
 * In the server it never fails: the write is done, and a notice that could not be sent is only
 * logged, the caches' lifetimes bounding what it leaves stale. (Scripts, with no watch, see it.)
 */
export async function invalidatePublicReads(db: Db): Promise<void> {
  ownChanges.set(db, (ownChanges.get(db) ?? 0) + 1);
  try {
    if (db.getExecutor().adapter instanceof SqliteAdapter) {
      await db
        .updateTable('changeCounter')
        .set((eb) => ({ count: eb('count', '+', 1) }))
        .where('id', '=', 1)
        .execute();
    } else {
      // The schema names the site: several may share one PostgreSQL database (tests do).
      await sql`select pg_notify(${channel}, current_schema())`.execute(db);
    }
  } catch (err) {
    const log = watches.get(db)?.log;
    if (log) log.warn({ err }, 'a change could not be announced to the other processes');
    else throw err;
  }
}

export function sqliteChangeWatch(sqlite: SQLite.Database): ChangeWatch {
  const read = sqlite.prepare<[], { count: number }>(
    'select count from change_counter where id = 1',
  );
  // A failed read (the row missing: a database not yet migrated) is never sure, and never the
  // same generation twice, so nothing is kept.
  let failures = 0;
  return {
    current() {
      try {
        const row = read.get();
        if (row) return { generation: Number(row.count), sure: true };
      } catch {
        // Falls through to the unsure answer.
      }
      failures += 1;
      return { generation: -failures, sure: false };
    },
    close: async () => undefined,
  };
}

/** How long the listening connection waits before trying again, at most. */
const maxRetryMs = 10_000;
/** How often the listening connection is checked: a dead TCP peer otherwise goes unnoticed. */
const heartbeatMs = 10_000;

export function postgresChangeWatch(
  url: string,
  log: ChangeLog,
): ChangeWatch & { ready: Promise<void> } {
  let generation = 0;
  let client: pg.Client | undefined;
  /** Whether `client` is listening: set once LISTEN succeeded, cleared when it is lost. */
  let listening = false;
  let closed = false;
  let retryMs = 250;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const lost = (which: pg.Client, err?: unknown) => {
    if (client !== which) return;
    client = undefined;
    listening = false;
    generation += 1;
    clearInterval(heartbeat);
    which.end().catch(() => undefined);
    if (closed) return;
    log.warn({ err }, `change notices lost; listening again in ${retryMs} ms`);
    retryTimer = setTimeout(connect, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: heartbeatMs,
      connectionTimeoutMillis: 5_000,
      query_timeout: 5_000,
    });
    next.on('error', (err) => lost(next, err));
    next.on('end', () => lost(next));
    try {
      client = next;
      await next.connect();
      const { rows } = await next.query<{ schema: string }>('select current_schema() as schema');
      const schema = rows[0]?.schema ?? '';
      // Named for the site it listens for, so an operator can tell (and tests can find) it.
      await next.query(`select set_config('application_name', $1, false)`, [
        `tribune-changes:${schema}`,
      ]);
      next.on('notification', (notice) => {
        if (notice.channel === channel && notice.payload === schema) generation += 1;
      });
      await next.query(`listen ${channel}`);
      if (client !== next) {
        // Closed (or lost) meanwhile.
        await next.end().catch(() => undefined);
        return;
      }
      // Whatever was announced while no one listened is unknown: forget it all.
      generation += 1;
      listening = true;
      retryMs = 250;
      heartbeat = setInterval(() => {
        next.query('select 1').catch((err: unknown) => lost(next, err));
      }, heartbeatMs);
      heartbeat.unref();
    } catch (err) {
      lost(next, err);
    }
  };

  return {
    ready: connect(),
    current: () => ({ generation, sure: listening }),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      const open = client;
      client = undefined;
      listening = false;
      await open?.end().catch(() => undefined);
    },
  };
}
