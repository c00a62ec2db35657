import { afterAll, beforeAll, expect, it } from 'vitest';
import { changesHeard, createTestApp, type TestApp } from '#server/test/app';
import { createPublisher } from '#server/test/factories';

// The rooms of a real server forget what they keep when its database announces a change
// (db/changes.ts), on either engine.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('forget what they keep on a change the database announces, in every room', async () => {
  let reads = 0;
  const read = () => Promise.resolve(`read ${++reads}`);
  const rooms = [t.app.publicReads, t.app.searchReads, t.app.articleReads, t.app.guestPages];
  // Asked for twice: the articles' room keeps a value from its second request.
  const keep = async () => {
    for (const room of rooms) for (const _ of [1, 2]) await room.read('k', 30_000, read);
    return rooms.map((room) => room.peek<string>('k', 30_000));
  };
  await changesHeard(t.app);
  const before = await keep();
  expect(before.every((value) => value !== undefined)).toBe(true);
  const readsBefore = reads;
  for (const room of rooms) await room.read('k', 30_000, read);
  expect(reads).toBe(readsBefore);

  await createPublisher(t.app.database.db);
  await changesHeard(t.app);
  for (const room of rooms) expect(room.peek('k', 30_000)).toBeUndefined();
  const after = await keep();
  after.forEach((value, i) => {
    expect(value).toBeDefined();
    expect(value).not.toBe(before[i]);
  });
});
