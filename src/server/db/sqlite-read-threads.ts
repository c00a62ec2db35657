import os from 'node:os';
import type { CompiledQuery } from 'kysely';
import { SqliteThread } from './sqlite-thread.js';

/**
 * More SQLite connections, each on a worker thread, for the reads that take long (site search:
 * about 10 ms each on 100,000 articles). better-sqlite3 runs a query on the thread that asks,
 * so on the main thread a stream of such reads holds up every other request behind them (a
 * kept list, 4 ms at rest, waited up to 11 s under a search load); here the event loop only
 * waits for their answers, and with several threads such reads use the machine's other cores.
 * Each read goes to the thread with the fewest reads waiting. Each worker sees every write as
 * soon as it commits (WAL).
 *
 * Queries are built and compiled by Kysely on the main thread and run here as they are: rows
 * come back with the column names the SQL gives them (no Kysely plugins), so such a query names
 * its columns as its callers read them.
 */
export class SqliteReadThreads {
  readonly #threads: SqliteThread[];
  #closing: Promise<void> | undefined;

  constructor(
    file: string,
    readonly count = defaultThreadCount(),
  ) {
    this.#threads = Array.from({ length: count }, () => new SqliteThread(file));
  }

  /** The rows of `query`, read on a worker's connection. */
  all<Row>(query: CompiledQuery<Row>): Promise<Row[]> {
    if (this.#closing) return Promise.reject(new Error('The read threads are closed'));
    const thread = this.#threads.reduce((least, t) => (t.waiting < least.waiting ? t : least));
    return thread.all(query);
  }

  /** Closes the workers' connections and ends them; reads still waiting fail. */
  close(): Promise<void> {
    this.#closing ??= Promise.all(this.#threads.map((thread) => thread.stop())).then(
      () => undefined,
    );
    return this.#closing;
  }
}

/**
 * One thread per core but the one the event loop needs, at least one and at most four: under a
 * flood of searches the threads are all busy, and on two cores a second one only took CPU from
 * the main thread that answers every other request (the benchmark's searches: 72 a second with
 * two, 84 with one, on the same day). More than four searches at once are more than one process's
 * gate lets in (search/gate.ts).
 */
function defaultThreadCount(): number {
  return Math.max(1, Math.min(4, os.availableParallelism() - 1));
}
