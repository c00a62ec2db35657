import { gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoredPages } from '#server/pages/stored-pages';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp } from '#server/test/auth';
import { createArticle } from '#server/test/factories';
import { tableColumns } from '#server/test/schema-columns';
import { down, up } from './032-stored-page-facts.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('migration 032', () => {
  it("copies each stored page's article facts into its row, and a claim copies them since", async () => {
    const db = t.app.database.db;
    const untyped = db as unknown as Kysely<unknown>;
    const { user } = await signUp(t.app);
    const premium = await createArticle(db, user.id, { isPremium: true });
    const free = await createArticle(db, user.id);
    const pages = new StoredPages(db, 'a build');
    for (const { id } of [premium, free]) {
      const claim = await pages.claim(id);
      expect(await pages.fill(claim!, gzipSync(`<p>${id}</p>`))).toBe(true);
    }
    /** What a guest's answer takes from each stored page besides its bytes. */
    const facts = async () => {
      const read = async (id: number) => {
        const { gzip, ...rest } = (await pages.read(id))!;
        expect(gzip.length).toBeGreaterThan(0);
        return rest;
      };
      return { [premium.id]: await read(premium.id), [free.id]: await read(free.id) };
    };
    const expected = {
      [premium.id]: { isPremium: true, publisherId: premium.publisherId, authorId: user.id },
      [free.id]: { isPremium: false, publisherId: free.publisherId, authorId: user.id },
    };
    expect(await facts()).toEqual(expected);

    // Pages stored before the migration are given theirs from their articles.
    await down(untyped);
    expect(await tableColumns(untyped, 'stored_page')).not.toContain('publisher_id');
    await up(untyped);
    expect(await facts()).toEqual(expected);
  });
});
