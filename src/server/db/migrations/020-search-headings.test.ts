import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '#shared/api/search';
import type { ArticleBody } from '#shared/article-body/schema';
import { signUp } from '#server/test/auth';
import { createTestApp, type TestApp } from '#server/test/app';
import { createArticle } from '#server/test/factories';
import { down, up } from './020-search-headings.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const withHeading = (heading: string, text: string): ArticleBody => ({
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: heading }] },
    { type: 'paragraph', content: [{ type: 'text', text }] },
  ],
});

async function found(words: string): Promise<number[]> {
  const res = await t.app.inject({ url: `/api/search?q=${encodeURIComponent(words)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchAnswer>().results.map((r) => Number(r.article._id));
}

describe('migration 020', () => {
  it('fills every article’s headings from its body, in batches, and indexes them', async () => {
    const db = t.app.database.db;
    const author = await signUp(t.app);
    const count = 1_003;
    const headed: number[] = [];
    for (let n = 0; n < count; n++) {
      const { id } = await createArticle(
        db,
        author.user.id,
        n % 2 === 0
          ? { body: withHeading(`Tidal mills ${n}`, 'Water turned the wheel.') }
          : { description: `Plain story ${n}. It has no heading.` },
      );
      if (n % 2 === 0) headed.push(id);
    }
    // Newer than every headed article, with "tidal" only in its text.
    const textOnly = await createArticle(db, author.user.id, {
      description: 'A tidal story. Tidal water. Tidal again.',
    });

    // As the tables were before 020, then 020 again.
    const untyped = db as unknown as Kysely<unknown>;
    await down(untyped);
    await up(untyped);

    const rows = await db.selectFrom('article').select(['id', 'headings']).orderBy('id').execute();
    const filled = new Map(rows.map((row) => [row.id, row.headings]));
    headed.forEach((id, n) => expect(filled.get(id)).toBe(`Tidal mills ${n * 2}`));
    expect(rows.filter((row) => row.headings !== '')).toHaveLength(headed.length);

    // The heading's word ranks its articles above the newest one, which only says it.
    const tidal = await found('tidal');
    expect(tidal.length).toBeGreaterThan(0);
    expect(tidal.every((id) => headed.includes(id))).toBe(true);
    expect(tidal).not.toContain(textOnly.id);
    expect(await found('"tidal mills 1000"')).toEqual([headed[500]]);
  });
});
