import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.js';
import { migrateToLatest } from './migrate.js';
import { SqliteReadThreads } from './sqlite-read-threads.js';

let dir: string;
let handle: DatabaseHandle;
let threads: SqliteReadThreads;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'tribune-read-thread-'));
  handle = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'test.db') });
  await migrateToLatest(handle.db);
  threads = handle.readThreads!;
});
afterAll(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A read that keeps SQLite busy for a while: it counts to `n`. */
const countTo = (n: number) =>
  sql<{
    total: number;
  }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < ${n}) select count(*) as total from c`.compile(
    handle.db,
  );

describe('the SQLite read threads', () => {
  it('reads what the main connection has just written, with the columns the query names', async () => {
    await handle.db
      .insertInto('publisher')
      .values({ name: 'The Thread Times', logo: '/uploads/t.webp', createdAt: '2026-01-01' })
      .execute();
    const rows = await threads.all(
      sql<{
        name: string;
        createdAt: string;
      }>`select name, created_at as "createdAt" from publisher where name = ${'The Thread Times'}`.compile(
        handle.db,
      ),
    );
    expect(rows).toEqual([{ name: 'The Thread Times', createdAt: '2026-01-01' }]);
  });

  it('leaves the event loop free while a long read runs', async () => {
    let timerFiredFirst = false;
    let readDone = false;
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        timerFiredFirst = !readDone;
        resolve();
      }, 20),
    );
    const read = threads.all(countTo(3_000_000)).then((rows) => {
      readDone = true;
      return rows;
    });
    await timer;
    expect(timerFiredFirst).toBe(true);
    expect(await read).toEqual([{ total: 3_000_000 }]);
  });

  it('refuses a bad read with its error and goes on reading', async () => {
    await expect(threads.all(sql`select * from no_such_table`.compile(handle.db))).rejects.toThrow(
      /no such table/,
    );
    expect(await threads.all(countTo(3))).toEqual([{ total: 3 }]);
  });

  it('answers reads side by side, each its own rows', async () => {
    const counts = [5, 1, 4, 2, 3];
    const answers = await Promise.all(counts.map((n) => threads.all(countTo(n))));
    expect(answers).toEqual(counts.map((total) => [{ total }]));
  });

  it('reads on another thread while one is busy: a short read does not wait for a long one', async () => {
    const two = new SqliteReadThreads(path.join(dir, 'test.db'), 2);
    try {
      const finished: string[] = [];
      const long = two.all(countTo(5_000_000)).then(() => finished.push('long'));
      const short = two.all(countTo(3)).then(() => finished.push('short'));
      await Promise.all([long, short]);
      expect(finished).toEqual(['short', 'long']);
    } finally {
      await two.close();
    }
  });

  it('refuses reads once closed', async () => {
    const own = new SqliteReadThreads(path.join(dir, 'test.db'), 1);
    expect(await own.all(countTo(2))).toEqual([{ total: 2 }]);
    await own.close();
    await own.close();
    await expect(own.all(countTo(2))).rejects.toThrow(/closed/);
  });
});
