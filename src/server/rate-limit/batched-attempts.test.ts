import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimit } from '#shared/rules/limits';
import { openDatabase, type DatabaseHandle } from '#server/db/database';
import { createTestDatabase, type TestDatabase } from '#server/test/database';
import { attemptKey } from './attempts.js';
import { BatchedAttempts } from './batched-attempts.js';

// Two processes' counters over one database: each handle is a process's own connection.
let database: TestDatabase;
let otherProcess: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  otherProcess = openDatabase(database.config);
});
afterAll(async () => {
  await otherProcess.close();
  await database.cleanup();
});

const rule: RateLimit = { max: 5, windowSeconds: 60 };
const start = Date.UTC(2026, 10, 27, 12);

const stored = (scope: string, identity: string) =>
  database.handle.db
    .selectFrom('attempt')
    .select(['count', 'expiresAt'])
    .where('key', '=', attemptKey(scope, identity))
    .executeTakeFirst();

const consumeTimes = (counter: BatchedAttempts, identity: string, times: number, now = start) =>
  Array.from({ length: times }, () => counter.consume(identity, now));

describe('attempts counted in memory and written together', () => {
  it('refuses past the rule at once, and writes nothing until flushed', async () => {
    const counter = new BatchedAttempts(database.handle.db, 'one', rule);
    expect(consumeTimes(counter, '198.51.100.1', 6)).toEqual([true, true, true, true, true, false]);
    // Another identity has its own budget.
    expect(counter.consume('198.51.100.2', start)).toBe(true);
    expect(await stored('one', '198.51.100.1')).toBeUndefined();

    await counter.flush(start + 10);
    expect(await stored('one', '198.51.100.1')).toEqual({ count: 6, expiresAt: start + 60_000 });
    expect((await stored('one', '198.51.100.2'))?.count).toBe(1);
    // Flushing again adds nothing, and the memory still refuses.
    await counter.flush(start + 20);
    expect((await stored('one', '198.51.100.1'))?.count).toBe(6);
    expect(counter.consume('198.51.100.1', start + 30)).toBe(false);
  });

  it('counts another process’s attempts from the next flush on', async () => {
    const here = new BatchedAttempts(database.handle.db, 'two', rule);
    const there = new BatchedAttempts(otherProcess.db, 'two', rule);
    expect(consumeTimes(there, '198.51.100.3', 4)).toEqual([true, true, true, true]);
    await there.flush(start);

    // Here knows nothing of them until it flushes its own first attempt and learns the total.
    expect(here.consume('198.51.100.3', start)).toBe(true);
    await here.flush(start + 1);
    expect((await stored('two', '198.51.100.3'))?.count).toBe(5);
    expect(here.consume('198.51.100.3', start + 2)).toBe(false);
  });

  it('starts a new window when the last one ends, here and in the shared table', async () => {
    const counter = new BatchedAttempts(database.handle.db, 'three', rule);
    expect(consumeTimes(counter, '198.51.100.4', 6).at(-1)).toBe(false);
    await counter.flush(start);

    const later = start + 60_000;
    expect(consumeTimes(counter, '198.51.100.4', 2, later)).toEqual([true, true]);
    await counter.flush(later + 1);
    expect(await stored('three', '198.51.100.4')).toEqual({ count: 2, expiresAt: later + 60_000 });
  });

  it('keeps attempts counted while a flush is being written for the next one', async () => {
    const counter = new BatchedAttempts(database.handle.db, 'four', rule);
    counter.consume('198.51.100.5', start);
    const flushing = counter.flush(start);
    counter.consume('198.51.100.5', start);
    await flushing;
    expect((await stored('four', '198.51.100.5'))?.count).toBe(1);
    await counter.flush(start + 1);
    expect((await stored('four', '198.51.100.5'))?.count).toBe(2);
  });

  it('adds each attempt once when two flushes overlap', async () => {
    const counter = new BatchedAttempts(database.handle.db, 'overlap', rule);
    consumeTimes(counter, '198.51.100.6', 3);
    await Promise.all([counter.flush(start), counter.flush(start + 1)]);
    expect((await stored('overlap', '198.51.100.6'))?.count).toBe(3);
  });

  it('writes many keys in statements of a bounded size', async () => {
    const counter = new BatchedAttempts(database.handle.db, 'five', rule);
    const addresses = Array.from({ length: 1_200 }, (_, i) => `10.9.${i >> 8}.${i & 255}`);
    for (const address of addresses) counter.consume(address, start);
    await counter.flush(start);
    const row = await database.handle.db
      .selectFrom('attempt')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('key', 'like', 'five:%')
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(addresses.length);
  });
});
