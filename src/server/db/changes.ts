import type SQLite from 'better-sqlite3';
import pg from 'pg';
import type { PublicWritesPlugin } from './public-writes.js';

/**
 * How every server process sharing one database learns that what the public lists, totals,
 * feeds, search answers and guests' pages show has changed, whichever process (or script) wrote
 * it, so that each invalidates what it kept (cache/) at once rather than when its copies grow old
 * (docs/decisions/008-shared-forgetting.md).
 *
 * The database announces such writes itself, by triggers (migration 011), so no write path can
 * forget to. Each process follows a generation: a number that moves whenever a change is
 * announced. What a process keeps belongs to the generation it was read in.
 *
 * - SQLite: the generation is the `change_counter` row the triggers count in, read before each
 *   answer from a cache. The read is synchronous (better-sqlite3) and skips the queue of the one
 *   connection, so an answer kept in memory never waits behind slow queries.
 * - PostgreSQL: a dedicated connection LISTENs on one channel; every notice for this schema
 *   moves the generation, and so does each of this process's own writes as it completes
 *   (public-writes.ts), its notice being a moment behind. When that connection is lost the
 *   generation moves (notices may be missed) and, until it is back, the watch is not `sure`:
 *   kept answers live a second at most.
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
  ownWrites: PublicWritesPlugin,
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
    current: () => ({ generation: generation + ownWrites.count, sure: listening }),
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
