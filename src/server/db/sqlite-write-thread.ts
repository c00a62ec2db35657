import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import { FifoLock } from './fifo-lock.js';
import { SqliteThread, type Ran } from './sqlite-thread.js';
import { WriteTurns } from './write-turns.js';

/**
 * A Kysely dialect whose one connection lives on a worker thread (sqlite-thread.ts), for the
 * writes that run in the background rather than for a request: the analytics roll-up and its
 * sweep (decision 026), and the once-a-second flushes of what processes count in memory.
 * better-sqlite3 runs a statement on the thread that asks, so on the main connection a roll-up's
 * transaction held the event loop for as long as it ran (up to a tenth of a second with events
 * spread over 100,000 articles) and every page's read waited behind it. Here Kysely builds the
 * queries on the main thread and the worker runs them on its own connection: under WAL the main
 * connection's reads go on beside its transaction, and its work is done on another core.
 *
 * Its transactions begin with the write lock (BEGIN IMMEDIATE), as the main connection's do,
 * and each of its writes first takes its turn among the process's writers (write-turns.ts): its
 * transactions are driven from the main thread, which a write of the main connection waiting
 * for the lock would block. Between its transactions the main
 * connection's writes take their turns.
 */
export class SqliteWriteThreadDialect implements Dialect {
  constructor(
    private readonly file: string,
    private readonly writeTurns: FifoLock,
  ) {}

  createDriver(): Driver {
    return new WriteThreadDriver(new SqliteThread(this.file, true), this.writeTurns);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

class WriteThreadDriver implements Driver {
  /** The one connection, handed out first come, first served (sqlite-immediate-dialect.ts). */
  readonly #queue = new FifoLock();
  readonly #connection: DatabaseConnection;
  readonly #writes: WriteTurns;

  constructor(
    private readonly thread: SqliteThread,
    writeTurns: FifoLock,
  ) {
    this.#writes = new WriteTurns(writeTurns);
    this.#connection = {
      // Outside a transaction every statement takes a turn: none here is for a reader.
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> =>
        answerOf<R>(await this.#writes.statement(() => thread.run(query))),
      streamQuery: () => {
        throw new Error('The SQLite write thread does not stream');
      },
    };
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#queue.acquire();
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    this.#queue.release();
  }

  beginTransaction(): Promise<void> {
    return this.#writes.begin(() => this.thread.run(CompiledQuery.raw('begin immediate')));
  }

  commitTransaction(): Promise<void> {
    return this.#writes.commit(() => this.thread.run(CompiledQuery.raw('commit')));
  }

  rollbackTransaction(): Promise<void> {
    return this.#writes.rollback(() => this.thread.run(CompiledQuery.raw('rollback')));
  }

  async destroy(): Promise<void> {
    await this.thread.stop();
  }
}

function answerOf<R>(ran: Ran): QueryResult<R> {
  return ran.changes === undefined
    ? { rows: ran.rows as R[] }
    : {
        rows: [],
        numAffectedRows: BigInt(ran.changes),
        insertId: BigInt(ran.lastInsertRowid ?? 0),
      };
}
