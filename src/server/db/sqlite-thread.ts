import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';
import { sqliteMapBytes } from './sqlite-map.js';

/**
 * One SQLite connection on a worker thread, opened at its first query: the read threads'
 * (sqlite-read-threads.ts) and the background writes' (sqlite-write-thread.ts). better-sqlite3
 * runs a query on the thread that asks, so here the event loop only waits for the answer.
 *
 * The worker's code is a plain script (it is evaluated, not imported), so the same file serves
 * the built server, the tests that run the sources, and every Node version. It keeps every
 * statement it prepares for its life and closes its connection itself before it ends, as the
 * main connection does on Node 24 (sqlite-retain.ts).
 */
export class SqliteThread {
  #worker: Worker | undefined;
  #nextId = 0;
  readonly #waiting = new Map<number, { resolve(answer: Ran): void; reject(e: Error): void }>();

  /** `writes`: the connection writes too (foreign keys on, synchronous NORMAL, as the main one). */
  constructor(
    private readonly file: string,
    private readonly writes = false,
  ) {}

  /** Queries sent and not yet answered. */
  get waiting(): number {
    return this.#waiting.size;
  }

  /** The rows of `query`, which reads. */
  async all<Row>(query: CompiledQuery<Row>): Promise<Row[]> {
    return (await this.run(query)).rows as Row[];
  }

  /** Runs `query`: its rows if it answers any, else the rows it changed and the last row id. */
  run(query: CompiledQuery): Promise<Ran> {
    const worker = (this.#worker ??= this.#start());
    const id = (this.#nextId += 1);
    return new Promise<Ran>((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      worker.postMessage({ id, sql: query.sql, parameters: query.parameters });
    });
  }

  #start(): Worker {
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: {
        file: this.file,
        driver: require.resolve('better-sqlite3'),
        writes: this.writes,
        mapBytes: sqliteMapBytes,
      },
    });
    // An idle thread does not keep the process alive.
    worker.unref();
    worker.on('message', (message: Answer) => {
      const waiting = this.#waiting.get(message.id);
      if (!waiting) return;
      this.#waiting.delete(message.id);
      if ('rows' in message) waiting.resolve(message);
      else waiting.reject(Object.assign(new Error(message.error), { code: message.code }));
    });
    const failAll = (error: Error) => {
      for (const waiting of this.#waiting.values()) waiting.reject(error);
      this.#waiting.clear();
      // The next query starts a new worker.
      if (this.#worker === worker) this.#worker = undefined;
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`The SQLite thread ended (${code})`)));
    return worker;
  }

  /** Closes the worker's connection and ends it; queries still waiting fail. */
  async stop(): Promise<void> {
    const worker = this.#worker;
    if (!worker) return;
    const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ close: true });
    await ended;
  }
}

/** What a query came to: `changes` and `lastInsertRowid` for one that answers no rows. */
export interface Ran {
  rows: unknown[];
  changes?: number;
  lastInsertRowid?: number;
}

type Answer = ({ id: number } & Ran) | { id: number; error: string; code?: string };

const require = createRequire(import.meta.url);

// Blobs arrive as Uint8Array (the structured clone of a Buffer), which the driver binds as
// Buffers only.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.exec('PRAGMA busy_timeout = 5000');
db.exec('PRAGMA mmap_size = ' + workerData.mapBytes);
if (workerData.writes) {
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
}
const statements = new Map();
const bound = (value) =>
  value instanceof Uint8Array && !Buffer.isBuffer(value)
    ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    : value;
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
    const parameters = message.parameters.map(bound);
    if (statement.reader) {
      parentPort.postMessage({ id: message.id, rows: statement.all(...parameters) });
    } else {
      const { changes, lastInsertRowid } = statement.run(...parameters);
      parentPort.postMessage({ id: message.id, rows: [], changes, lastInsertRowid: Number(lastInsertRowid) });
    }
  } catch (error) {
    parentPort.postMessage({
      id: message.id,
      error: error instanceof Error ? error.message : String(error),
      code: error && typeof error.code === 'string' ? error.code : undefined,
    });
  }
});
`;
