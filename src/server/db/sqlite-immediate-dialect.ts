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
import { WriteTurns } from './write-turns.js';

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
 * this process's writers (write-turns.ts), shared with the background connection
 * (sqlite-write-thread.ts).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #queue = new FifoLock();
  readonly #writes: WriteTurns;

  constructor(private readonly config: ImmediateSqliteDialectConfig) {
    super(config);
    this.#writes = new WriteTurns(config.writeTurns);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#queue.acquire();
    const connection = await super.acquireConnection();
    return {
      executeQuery: <R>(query: CompiledQuery) =>
        this.#writes.statement(
          () => connection.executeQuery<R>(query),
          () => this.config.database.prepare(query.sql).readonly,
        ),
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.#queue.release();
  }

  override beginTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#writes.begin(() => connection.executeQuery(CompiledQuery.raw('begin immediate')));
  }

  override commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#writes.commit(() => connection.executeQuery(CompiledQuery.raw('commit')));
  }

  override rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#writes.rollback(() => connection.executeQuery(CompiledQuery.raw('rollback')));
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
