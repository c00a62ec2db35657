import { afterAll, beforeAll, expect, it } from 'vitest';
import { changesHeard, createTestApp, type TestApp } from '../test/app.js';
import { createPublisher } from '../test/factories.js';

// The rooms of a real server forget what they keep when its database announces a change
// (db/changes.ts), on either engine; a write the public does not see (a session) keeps them.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('forget what they keep on a change the database announces, in every room', async () => {
  let reads = 0;
  const read = () => Promise.resolve(`read ${++reads}`);
  const rooms = [t.app.publicReads, t.app.searchReads, t.app.guestPages];
  await changesHeard(t.app);
  for (const room of rooms) await room.read('k', 30_000, read);
  for (const room of rooms) expect(await room.read('k', 30_000, read)).toMatch(/^read [1-3]$/);
  expect(reads).toBe(3);

  await createPublisher(t.app.database.db);
  await changesHeard(t.app);
  for (const room of rooms) {
    expect(room.peek('k', 30_000)).toBeUndefined();
    expect(await room.read('k', 30_000, read)).toMatch(/^read [4-6]$/);
  }
  expect(reads).toBe(6);
});
