import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '#server/config';
import {
  postgresChangeWatch,
  sqliteChangeWatch,
  type ChangeLog,
  type ChangeWatch,
} from './changes.js';
import { PublicWritesPlugin } from './public-writes.js';
import { recordQuery } from './query-timing.js';
import type { Database } from './schema.js';
import { SqliteBooleanPlugin } from './sqlite-boolean-plugin.js';
import { sqliteMapBytes } from './sqlite-map.js';
import { FifoLock } from './fifo-lock.js';
import { ImmediateSqliteDialect } from './sqlite-immediate-dialect.js';
import { SqliteReadThreads } from './sqlite-read-threads.js';
import { SqliteWriteThreadDialect } from './sqlite-write-thread.js';
import { retainDriverObjects } from './sqlite-retain.js';
import { withStatementCache } from './sqlite-statement-cache.js';

export type Db = Kysely<Database>;
export type Dialect = DatabaseConfig['dialect'];

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** Pings the database; used by the health check. */
  ping(): Promise<void>;
  /**
   * Starts following the changes to what the public sees, whoever wrote them (changes.ts);
   * ready once it listens. The server's caches do this; scripts need not.
   */
  watchChanges(log: ChangeLog): Promise<ChangeWatch>;
  /**
   * SQLite: more connections, on worker threads, for the reads that take long (site search),
   * so they do not hold up the event loop (sqlite-read-threads.ts). PostgreSQL's reads wait on
   * the database server already.
   */
  readThreads?: SqliteReadThreads;
  /**
   * Where the writes made in the background go (the analytics roll-up and sweep, and the
   * once-a-second flushes of events, metered reads, views and budgets). SQLite: a
   * connection of its own on a worker thread (sqlite-write-thread.ts), so they neither hold up
   * the event loop nor make pages' reads wait. PostgreSQL: `db`, whose pool does this already.
   */
  background: Db;
  close(): Promise<void>;
}

// COUNT(*) and SUM() come back as int8; every count here fits a JavaScript number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface OpenOptions {
  /**
   * Times every query for the request it runs in (query-timing.ts), for SERVER_TIMING. Off,
   * Kysely gets no log hook and measures nothing.
   */
  timeQueries?: boolean;
}

export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): DatabaseHandle {
  const queryLog = options.timeQueries ? recordQuery : undefined;
  return config.dialect === 'postgres'
    ? openPostgres(config.url, queryLog)
    : openSqlite(config.file, queryLog);
}

const sqliteBusyTimeoutMs = 5000;

/** Whether SQLite refused because another connection holds the lock it needs. */
export function isSqliteBusy(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'SQLITE_BUSY';
}

/**
 * Puts the database in WAL mode. Two processes opening a new file at once (two servers started
 * together) both try to switch it, and SQLite answers the loser SQLITE_BUSY at once, without
 * its busy handler (waiting could deadlock), so the switch is tried again until the busy timeout.
 * The wait blocks: it happens once, at start-up, before anything is served.
 */
function useWriteAheadLog(sqlite: SQLite.Database): void {
  const deadline = Date.now() + sqliteBusyTimeoutMs;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      sqlite.exec('PRAGMA journal_mode = WAL');
      return;
    } catch (err) {
      if (!isSqliteBusy(err) || Date.now() > deadline) throw err;
      Atomics.wait(pause, 0, 0, 10);
    }
  }
}

function openSqlite(file: string, queryLog: typeof recordQuery | undefined): DatabaseHandle {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = retainDriverObjects(new SQLite(file));
  // The busy timeout waits for the lock instead of failing when another process (a CLI, a
  // second server) writes; WAL lets readers run beside the single writer.
  // exec, not pragma(): it prepares no statement object (see sqlite-retain.ts).
  sqlite.exec(`PRAGMA busy_timeout = ${sqliteBusyTimeoutMs}`);
  useWriteAheadLog(sqlite);
  sqlite.exec('PRAGMA synchronous = NORMAL');
  sqlite.exec('PRAGMA foreign_keys = ON');
  sqlite.exec(`PRAGMA mmap_size = ${sqliteMapBytes}`);
  const select1 = sqlite.prepare('SELECT 1');
  const readThreads = new SqliteReadThreads(file);
  const writeTurns = new FifoLock();
  const background = new Kysely<Database>({
    dialect: new SqliteWriteThreadDialect(file, writeTurns),
    plugins: [new CamelCasePlugin(), new SqliteBooleanPlugin()],
  });
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite), writeTurns }),
    plugins: [new CamelCasePlugin(), new SqliteBooleanPlugin()],
    log: queryLog,
  });
  return {
    db,
    dialect: 'sqlite',
    ping: async () => {
      select1.get();
    },
    watchChanges: () => Promise.resolve(sqliteChangeWatch(sqlite)),
    readThreads,
    background,
    close: async () => {
      await readThreads.close();
      await background.destroy();
      await db.destroy();
    },
  };
}

function openPostgres(url: string, queryLog: typeof recordQuery | undefined): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // After CamelCasePlugin: it sees the tables' and columns' names as the database has them.
  const ownWrites = new PublicWritesPlugin();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin(), ownWrites],
    log: queryLog,
  });
  return {
    db,
    dialect: 'postgres',
    ping: async () => {
      await pool.query('SELECT 1');
    },
    watchChanges: async (log) => {
      const watch = postgresChangeWatch(url, log, ownWrites);
      await watch.ready;
      return watch;
    },
    background: db,
    close: () => db.destroy(),
  };
}
