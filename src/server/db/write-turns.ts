import type { FifoLock } from './fifo-lock.js';

/**
 * One SQLite connection's writes taking their turns among the process's writers (`turns`, one
 * FifoLock for every connection of the process to the file: sqlite-immediate-dialect.ts,
 * sqlite-write-thread.ts). better-sqlite3 blocks the thread that waits for SQLite's write lock,
 * and the background connection's transactions are driven from the main thread: a write of one
 * connection blocked while the other held the lock would wait for ever, or until busy_timeout.
 *
 * A transaction holds its turn from its BEGIN IMMEDIATE, itself a statement that writes, to its
 * end; a statement outside a transaction that may write takes a turn of its own.
 */
export class WriteTurns {
  #inTransaction = false;

  constructor(private readonly turns: FifoLock) {}

  /** Runs a statement: in a turn of its own unless in a transaction or `readsOnly` says so. */
  async statement<T>(run: () => Promise<T>, readsOnly?: () => boolean): Promise<T> {
    if (this.#inTransaction || readsOnly?.()) return run();
    await this.turns.acquire();
    try {
      return await run();
    } finally {
      this.turns.release();
    }
  }

  /** Takes the turn and runs `begin`; the turn is given back if it fails. */
  async begin(begin: () => Promise<unknown>): Promise<void> {
    await this.turns.acquire();
    // Held from here: the statements of `begin` run in this turn.
    this.#inTransaction = true;
    try {
      await begin();
    } catch (err) {
      this.#end();
      throw err;
    }
  }

  async commit(commit: () => Promise<unknown>): Promise<void> {
    await commit();
    this.#end();
  }

  async rollback(rollback: () => Promise<unknown>): Promise<void> {
    try {
      await rollback();
    } finally {
      this.#end();
    }
  }

  /** Gives the turn back once, however the transaction ended. */
  #end(): void {
    if (!this.#inTransaction) return;
    this.#inTransaction = false;
    this.turns.release();
  }
}
