import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { createArticle, createPublisher } from '#server/test/factories';
import { tidySearchIndex } from './tidy-index.js';

// SQLite's own index (PostgreSQL's GIN index needs no tidying), so on SQLite in either project.
let dir: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'tribune-search-index-'));
  handle = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'test.db') });
  await migrateToLatest(handle.db);
  const now = new Date().toISOString();
  await handle.db
    .insertInto('user')
    .values({
      id: 'u1',
      name: 'Writer',
      email: 'w@example.com',
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
      isAdmin: false,
    })
    .execute();
  const { id: publisherId } = await createPublisher(handle.db);
  // One write each, as a newsroom makes them: each leaves a segment of its own in the index.
  for (let n = 1; n <= 40; n += 1) {
    await createArticle(handle.db, 'u1', { publisherId, title: `Lighthouse keeper ${n}` });
  }
});
afterAll(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The index's segments that hold entries (each has at least one row in its %_idx table). */
const segments = async () => {
  const { rows } = await sql<{ n: number }>`select count(distinct segid) as n
    from article_search_idx`.execute(handle.db);
  return rows[0]!.n;
};

const found = async (words: string) => {
  const { rows } = await sql<{ id: number }>`select rowid as id from article_search
    where article_search match ${words} order by rowid`.execute(handle.db);
  return rows.map((row) => row.id);
};

it('merges the index’s segments until none is left to merge, finding what it found', async () => {
  const before = await found('lighthouse');
  expect(before).toHaveLength(40);

  expect(await segments()).toBeGreaterThanOrEqual(5);
  expect(await tidySearchIndex(handle.db)).toBeGreaterThan(0);
  expect(await segments()).toBeLessThanOrEqual(2);
  expect(await tidySearchIndex(handle.db)).toBe(0);

  // FTS5's own check of its index against the text it holds: throws on any difference.
  await sql`insert into article_search(article_search) values ('integrity-check')`.execute(
    handle.db,
  );
  expect(await found('lighthouse')).toEqual(before);
  expect(await found('"keeper 17"')).toHaveLength(1);
});

it('stops between steps when asked to', async () => {
  for (let n = 1; n <= 8; n += 1) await createArticle(handle.db, 'u1', { title: `Ferry ${n}` });
  const stop = new AbortController();
  stop.abort();
  expect(await tidySearchIndex(handle.db, stop.signal)).toBe(0);
  expect(await tidySearchIndex(handle.db)).toBeGreaterThan(0);
  expect(await found('ferry')).toHaveLength(8);
});
