import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';

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
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #queue = new FifoLock();

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#queue.acquire();
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.#queue.release();
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** A lock that wakes exactly the longest waiter when released. */
class FifoLock {
  #held = false;
  readonly #waiters: (() => void)[] = [];

  async acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  /** Hands the lock straight to the next waiter, if any, so nobody can slip in between. */
  release(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#held = false;
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
