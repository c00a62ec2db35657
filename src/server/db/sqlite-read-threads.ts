import { createRequire } from 'node:module';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';

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
 *
 * The workers' code is a plain script (it is evaluated, not imported), so the same file serves
 * the built server, the tests that run the sources, and every Node version. A worker keeps every
 * statement it prepares for its life and closes its connection itself before it ends, as the
 * main connection does on Node 24 (sqlite-retain.ts).
 */
export class SqliteReadThreads {
  readonly #threads: ReadThread[];
  #closing: Promise<void> | undefined;
  #nextId = 0;

  constructor(
    file: string,
    readonly count = defaultThreadCount(),
  ) {
    this.#threads = Array.from({ length: count }, () => new ReadThread(file));
  }

  /** The rows of `query`, read on a worker's connection. */
  all<Row>(query: CompiledQuery<Row>): Promise<Row[]> {
    if (this.#closing) return Promise.reject(new Error('The read threads are closed'));
    const thread = this.#threads.reduce((least, t) => (t.waiting < least.waiting ? t : least));
    return thread.all((this.#nextId += 1), query);
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

/** One worker and its connection, started at its first read. */
class ReadThread {
  #worker: Worker | undefined;
  readonly #waiting = new Map<number, { resolve(rows: unknown[]): void; reject(e: Error): void }>();

  constructor(private readonly file: string) {}

  get waiting(): number {
    return this.#waiting.size;
  }

  all<Row>(id: number, query: CompiledQuery<Row>): Promise<Row[]> {
    const worker = (this.#worker ??= this.#start());
    return new Promise<Row[]>((resolve, reject) => {
      this.#waiting.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      worker.postMessage({ id, sql: query.sql, parameters: query.parameters });
    });
  }

  #start(): Worker {
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: { file: this.file, driver: require.resolve('better-sqlite3') },
    });
    // An idle read thread does not keep the process alive.
    worker.unref();
    worker.on('message', (message: Answer) => {
      const waiting = this.#waiting.get(message.id);
      if (!waiting) return;
      this.#waiting.delete(message.id);
      if ('rows' in message) waiting.resolve(message.rows);
      else waiting.reject(new Error(message.error));
    });
    const failAll = (error: Error) => {
      for (const waiting of this.#waiting.values()) waiting.reject(error);
      this.#waiting.clear();
      // The next read starts a new worker.
      if (this.#worker === worker) this.#worker = undefined;
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`The read thread ended (${code})`)));
    return worker;
  }

  async stop(): Promise<void> {
    const worker = this.#worker;
    if (!worker) return;
    const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ close: true });
    await ended;
  }
}

type Answer = { id: number; rows: unknown[] } | { id: number; error: string };

const require = createRequire(import.meta.url);

const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.exec('PRAGMA busy_timeout = 5000');
const statements = new Map();
parentPort.on('message', (message) => {
  if (message.close) {
    db.close();
    parentPort.close();
    return;
  }
  try {
    let statement = statements.get(message.sql);
    if (!statement) {
      statement = db.prepare(message.sql);
      statements.set(message.sql, statement);
    }
    parentPort.postMessage({ id: message.id, rows: statement.all(...message.parameters) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;
