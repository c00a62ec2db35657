import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import { FifoLock } from './fifo-lock.js';
import type { CachingSqliteDatabase } from './sqlite-statement-cache.js';

/**
 * Write transactions take SQLite's write lock when they begin (BEGIN IMMEDIATE) instead of at
 * their first write. A deferred transaction that reads and then writes fails with SQLITE_BUSY
 * when another process wrote in between; an immediate one waits its turn (busy_timeout).
 *
 * The one connection is also handed out first come, first served. Kysely's own lock wakes every
 * waiter each time it is released, and all but one go back to waiting: with a few hundred
 * requests queued that costs more CPU than the queries themselves, and a request can lose the
 * race again and again (seconds-long stalls in the benchmark). Queued in order here, at most
 * one caller at a time reaches Kysely's lock, which then never has to wake anyone.
 *
 * Each write, a transaction or a statement that writes outside one, first takes its turn among
 * this process's writers (`writeTurns`, shared with the background connection,
 * sqlite-write-thread.ts). Waiting for the write lock blocks the thread (better-sqlite3), and the
 * background connection's transactions are driven from this thread: a write blocked here while
 * one of them held the lock would wait for it for ever, or until busy_timeout.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #queue = new FifoLock();
  #inTransaction = false;

  constructor(private readonly config: ImmediateSqliteDialectConfig) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#queue.acquire();
    const connection = await super.acquireConnection();
    return {
      executeQuery: async <R>(query: CompiledQuery) => {
        if (this.#inTransaction || this.config.database.prepare(query.sql).readonly) {
          return connection.executeQuery<R>(query);
        }
        await this.config.writeTurns.acquire();
        try {
          return await connection.executeQuery<R>(query);
        } finally {
          this.config.writeTurns.release();
        }
      },
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.#queue.release();
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.config.writeTurns.acquire();
    // Held from here: BEGIN IMMEDIATE is itself a statement that writes.
    this.#inTransaction = true;
    try {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    } catch (err) {
      this.#endTransaction();
      throw err;
    }
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
    this.#endTransaction();
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      this.#endTransaction();
    }
  }

  /** Gives the write turn back once, however the transaction ended. */
  #endTransaction(): void {
    if (!this.#inTransaction) return;
    this.#inTransaction = false;
    this.config.writeTurns.release();
  }
}

export interface ImmediateSqliteDialectConfig extends SqliteDialectConfig {
  database: CachingSqliteDatabase;
  /** This process's writers' turns, shared by its connections to the file. */
  writeTurns: FifoLock;
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ImmediateSqliteDialectConfig;

  constructor(config: ImmediateSqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
