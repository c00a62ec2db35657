import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.js';
import { migrateToLatest } from './migrate.js';

let dir: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'tribune-write-thread-'));
  handle = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'test.db') });
  await migrateToLatest(handle.db);
});
afterAll(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

const publishers = (db = handle.db) =>
  db.selectFrom('publisher').select('name').orderBy('name').execute();

const addPublisher = (name: string, db = handle.background) =>
  db.insertInto('publisher').values({ name, logo: '/uploads/p.webp', createdAt: '2026-01-01' });

describe('the SQLite background connection, on a worker thread', () => {
  it('writes what the main connection then reads, and answers its writes as Kysely expects', async () => {
    const result = await addPublisher('The Background Bugle').executeTakeFirstOrThrow();
    expect(result.numInsertedOrUpdatedRows).toBe(1n);
    expect(Number(result.insertId)).toBeGreaterThan(0);
    expect(await publishers()).toEqual([{ name: 'The Background Bugle' }]);
    // Its rows come through the same plugins as the main connection's (camel case).
    expect(
      await handle.background
        .selectFrom('publisher')
        .select(['name', 'createdAt'])
        .where('name', '=', 'The Background Bugle')
        .execute(),
    ).toEqual([{ name: 'The Background Bugle', createdAt: '2026-01-01' }]);
    const updated = await handle.background
      .updateTable('publisher')
      .set({ logo: '/uploads/q.webp' })
      .where('name', '=', 'The Background Bugle')
      .executeTakeFirstOrThrow();
    expect(updated.numUpdatedRows).toBe(1n);
  });

  it('commits a transaction whole, or rolls it back whole when it fails', async () => {
    await handle.background.transaction().execute(async (trx) => {
      await addPublisher('The Committed Courier', trx).execute();
      await addPublisher('The Committed Chronicle', trx).execute();
    });
    await expect(
      handle.background.transaction().execute(async (trx) => {
        await addPublisher('The Rolled-Back Record', trx).execute();
        await trx
          .insertInto('article')
          .values({ id: 1 } as never)
          .execute();
      }),
    ).rejects.toThrow(/NOT NULL/);
    expect((await publishers()).map((row) => row.name)).toEqual([
      'The Background Bugle',
      'The Committed Chronicle',
      'The Committed Courier',
    ]);
  });

  it('lets the main connection read, and the event loop run, while its transaction is open', async () => {
    let timerFiredFirst = false;
    let writeDone = false;
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        timerFiredFirst = !writeDone;
        resolve();
      }, 20),
    );
    const write = handle.background.transaction().execute(async (trx) => {
      await addPublisher('The Slow Sentinel', trx).execute();
      // Keeps the transaction busy on the worker for a while.
      await sql`with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000) select count(*) from c`.execute(
        trx,
      );
      // The main connection reads what was committed before, not this transaction's row.
      expect((await publishers()).map((row) => row.name)).not.toContain('The Slow Sentinel');
    });
    write.then(
      () => (writeDone = true),
      () => undefined,
    );
    await timer;
    await write;
    expect(timerFiredFirst).toBe(true);
    expect((await publishers()).map((row) => row.name)).toContain('The Slow Sentinel');
  });

  it("makes the main connection's writes wait their turn while its transaction is open", async () => {
    // Blocked on the write lock instead, the main thread could not drive this transaction on.
    const order: string[] = [];
    const waiting: Promise<unknown>[] = [];
    await handle.background.transaction().execute(async (trx) => {
      await addPublisher('The Turn Taker', trx).execute();
      waiting.push(
        addPublisher('The Patient Post', handle.db)
          .execute()
          .then(() => order.push('statement')),
        handle.db
          .transaction()
          .execute((main) => addPublisher('The Queued Quarterly', main).execute())
          .then(() => order.push('transaction')),
      );
      await sql`select 1`.execute(trx);
      order.push('background');
    });
    await Promise.all(waiting);
    expect(order).toEqual(['background', 'statement', 'transaction']);
    expect((await publishers()).map((row) => row.name)).toEqual(
      expect.arrayContaining(['The Turn Taker', 'The Patient Post', 'The Queued Quarterly']),
    );
  });

  it('refuses a bad statement with its error and goes on writing', async () => {
    await expect(
      sql`insert into no_such_table values (1)`.execute(handle.background),
    ).rejects.toThrow(/no such table/);
    await addPublisher('The After Advertiser').execute();
    expect((await publishers()).map((row) => row.name)).toContain('The After Advertiser');
  });
});
