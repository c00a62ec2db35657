import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp } from '#server/test/auth';
import { testDialect } from '#server/test/database';
import { createArticle } from '#server/test/factories';
import { HeldReads, type MeterCount } from './held-reads.js';
import type { ReaderKey } from './reader-keys.js';

let t: TestApp;
const articles: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const writer = await signUp(t.app);
  for (let n = 0; n < 6; n += 1) {
    const { id } = await createArticle(t.app.database.db, writer.user.id, { isPremium: true });
    articles.push(id);
  }
});

afterAll(() => t.close());

const month = '2026-07';
let readers = 0;
/** A reader seen two ways (a visitor cookie and the network backstop), new to every test. */
const reader = (): ReaderKey[] => {
  readers += 1;
  return [
    { kind: 'visitor', hash: `visitor-${readers}` },
    { kind: 'network', hash: `network-${readers}` },
  ];
};
/** The meter's rule with an allowance of two: open what was read, or while under two. */
const twoFree = (count: MeterCount) => count.readBefore || count.used < 2;

const rowsOf = (keys: ReaderKey[]) =>
  t.app.database.db
    .selectFrom('meteredRead')
    .select(['readerKind', 'readerHash', 'articleId'])
    .where(
      'readerHash',
      'in',
      keys.map((key) => key.hash),
    )
    .orderBy('readerHash')
    .orderBy('articleId')
    .execute();

describe("the meter's reads held in memory", () => {
  it('count at once, are written at the flush under every key, and are then read from the table', async () => {
    const held = new HeldReads(t.app.database.db);
    const keys = reader();
    const [a, b, c] = articles as [number, number, number];
    expect(await held.take(month, keys, [], a, twoFree)).toEqual({
      used: 0,
      readBefore: false,
      taken: true,
    });
    expect(await held.take(month, keys, [], b, twoFree)).toMatchObject({ used: 1, taken: true });
    expect(await rowsOf(keys)).toEqual([]);
    expect(held.heldCount).toBe(4);

    await held.flush();
    expect(await rowsOf(keys)).toHaveLength(4);
    // Written, and no count in progress: nothing is held, the table answers alone.
    expect(held.heldCount).toBe(0);
    expect(await held.take(month, keys, [], c, twoFree)).toEqual({
      used: 2,
      readBefore: false,
      taken: false,
    });
    // An article read before opens again, and writes nothing again.
    expect(await held.take(month, keys, [], a, twoFree)).toEqual({
      used: 2,
      readBefore: true,
      taken: true,
    });
    expect(held.heldCount).toBe(0);
  });

  it('are seen by another process once written, not before', async () => {
    const here = new HeldReads(t.app.database.db);
    const there = new HeldReads(t.app.database.db);
    const keys = reader();
    const [a, b, c] = articles as [number, number, number];
    await here.take(month, keys, [], a, twoFree);
    await here.take(month, keys, [], b, twoFree);
    expect(await there.take(month, keys, [], c, () => false)).toMatchObject({ used: 0 });
    await here.flush();
    expect(await there.take(month, keys, [], c, twoFree)).toEqual({
      used: 2,
      readBefore: false,
      taken: false,
    });
  });

  it('give a key new to the reader (a visitor cookie given now) the article it opened', async () => {
    const held = new HeldReads(t.app.database.db);
    const [network] = reader().slice(1) as [ReaderKey];
    const cookie: ReaderKey = { kind: 'visitor', hash: `given-${readers}` };
    await held.take(month, [network], [cookie], articles[0]!, twoFree);
    await held.flush();
    expect((await rowsOf([network, cookie])).map((row) => row.readerKind).sort()).toEqual([
      'network',
      'visitor',
    ]);
    expect(await held.take(month, [cookie, network], [], articles[0]!, twoFree)).toMatchObject({
      used: 1,
      readBefore: true,
    });
  });

  it("never give a reader's last free article twice, however counts and flushes interleave", async () => {
    const held = new HeldReads(t.app.database.db);
    const everyone = Array.from({ length: 20 }, reader);
    const outcomes = await Promise.all(
      everyone.flatMap((keys) =>
        articles
          .slice(0, 4)
          .flatMap((id) => [
            held.take(month, keys, [], id, twoFree).then((outcome) => ({ keys, ...outcome })),
            held.flush().then(() => null),
          ]),
      ),
    );
    await held.flush();
    for (const keys of everyone) {
      const granted = outcomes.filter((outcome) => outcome?.keys === keys && outcome.taken);
      expect(granted).toHaveLength(2);
      expect(await rowsOf(keys)).toHaveLength(4);
    }
    expect(held.heldCount).toBe(0);
  });

  it('leave out at the flush the reads of an article deleted since, and write the rest', async () => {
    const held = new HeldReads(t.app.database.db);
    const keys = reader();
    const writer = await signUp(t.app);
    const { id: gone } = await createArticle(t.app.database.db, writer.user.id, {
      isPremium: true,
    });
    await held.take(month, keys, [], gone, twoFree);
    await held.take(month, keys, [], articles[5]!, twoFree);
    await t.app.database.db.deleteFrom('article').where('id', '=', gone).execute();
    await held.flush();
    expect((await rowsOf(keys)).map((row) => row.articleId)).toEqual([articles[5], articles[5]]);
    expect(held.heldCount).toBe(0);
  });
});

// A read's answer can be held back after the read only with more than one connection: SQLite's
// one connection stays taken until the answer is given, so no flush could write meanwhile. With
// a pool (PostgreSQL) a read made before a write commits can be seen after it: the held reads
// must cover that window.
if (testDialect === 'postgres') {
  describe("the meter's reads held in memory, with a pool of connections (PostgreSQL)", () => {
    it('stay counted for a count whose read was made before their write, though it ends after', async () => {
      // The count's answer is held back after its read is made: the flush commits in between.
      let madeRead!: () => void;
      const made = new Promise<void>((resolve) => (madeRead = resolve));
      let letGo!: () => void;
      const gate = new Promise<void>((resolve) => (letGo = resolve));
      let holdNext = false;
      const db = t.app.database.db.withPlugin({
        transformQuery: (args) => args.node,
        transformResult: async (args) => {
          if (holdNext) {
            holdNext = false;
            madeRead();
            await gate;
          }
          return args.result;
        },
      });
      const held = new HeldReads(db);
      const keys = reader();
      await held.take(month, keys, [], articles[0]!, twoFree);
      holdNext = true;
      const counting = held.take(month, keys, [], articles[1]!, twoFree);
      await made;
      await held.flush();
      letGo();
      expect(await counting).toEqual({ used: 1, readBefore: false, taken: true });
      expect(held.heldCount).toBe(2);
      await held.flush();
      expect(held.heldCount).toBe(0);
    });
  });
}
