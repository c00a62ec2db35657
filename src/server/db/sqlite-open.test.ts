import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { sqliteMapBytes } from './sqlite-map.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * Another connection, on its own thread, that takes the write lock of a new database file in
 * its first (rollback) journal mode and holds it for `holdMs`, as a second server starting at
 * the same moment does. Resolves once the lock is held; `released` resolves when it is let go.
 */
async function holdWriteLock(file: string, holdMs: number) {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(
    `
    const SQLite = require(${JSON.stringify(driver)});
    const { parentPort, workerData } = require('node:worker_threads');
    const db = new SQLite(workerData.file);
    db.exec('BEGIN IMMEDIATE');
    db.exec('CREATE TABLE held (x)');
    parentPort.postMessage('held');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.holdMs);
    db.exec('COMMIT');
    db.close();
    `,
    { eval: true, workerData: { file, holdMs } },
  );
  const released = new Promise((resolve, reject) => {
    worker.once('exit', resolve);
    worker.once('error', reject);
  });
  await new Promise((resolve) => worker.once('message', resolve));
  return { released };
}

describe('opening a SQLite database', () => {
  it('waits for another connection that holds a new file’s lock, then switches it to WAL', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tribune-open-'));
    dirs.push(dir);
    const file = path.join(dir, 'test.db');
    const other = await holdWriteLock(file, 300);

    // SQLite answers the switch to WAL with SQLITE_BUSY at once here, without its busy handler.
    const started = Date.now();
    const handle = openDatabase({ dialect: 'sqlite', file });
    try {
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      const [mode] = (await sql<{ journalMode: string }>`pragma journal_mode`.execute(handle.db))
        .rows;
      expect(mode?.journalMode).toBe('wal');
      const tables = await sql<{ name: string }>`select name from sqlite_master`.execute(handle.db);
      expect(tables.rows.map((t) => t.name)).toContain('held');
    } finally {
      await handle.close();
      await other.released;
    }
  });
});

describe('every SQLite connection of a handle', () => {
  it('reads the database file through a memory map: the main one, the read threads and the background', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tribune-map-'));
    dirs.push(dir);
    const handle = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'test.db') });
    try {
      // The read threads name the pragma's column as SQLite does; Kysely's connections in camel
      // case.
      const mapSize = sql<Record<string, number>>`pragma mmap_size`;
      const sizes = [
        (await mapSize.execute(handle.db)).rows[0]?.mmapSize,
        (await handle.readThreads!.all(mapSize.compile(handle.db)))[0]?.mmap_size,
        (await mapSize.execute(handle.background)).rows[0]?.mmapSize,
      ];
      expect(sizes).toEqual([sqliteMapBytes, sqliteMapBytes, sqliteMapBytes]);
    } finally {
      await handle.close();
    }
  });
});
