import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '#shared/api/search';
import { plainTextToBody } from '#shared/article-body/plain-text';
import { articleTextColumns } from '#shared/excerpt';
import { searchLimits } from '#shared/search';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp } from '#server/test/auth';
import { createPublisher, uploadedImageUrl } from '#server/test/factories';

// A word in more articles than a search ranks (searchLimits.ranked): the newest are ranked and
// counted, the answer says there are more, and more words still find the older ones.
let t: TestApp;
const extra = 5;
const count = searchLimits.ranked + extra;
/** Ids in the order the articles were added: the first `extra` are the oldest. */
let ids: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.database.db;
  const author = await signUp(t.app);
  const publishers = [await createPublisher(db), await createPublisher(db)];
  const rows = Array.from({ length: count }, (_, n) => {
    // The oldest few also say "driftwood", which no newer one does.
    const description = `The tidepool survey went on. Volunteers counted crabs.${n < extra ? ' Driftwood piled up.' : ''}`;
    const createdAt = new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
    return {
      title: `Shore notes ${n}`,
      image: uploadedImageUrl(n),
      publisherId: publishers[n % 2]!.id,
      ...articleTextColumns(plainTextToBody(description)),
      isPremium: false,
      viewCount: 0,
      isApproved: true,
      adminMessage: null,
      authorId: author.user.id,
      createdAt,
      updatedAt: createdAt,
    };
  });
  for (let first = 0; first < rows.length; first += 250) {
    const added = await db
      .insertInto('article')
      .values(rows.slice(first, first + 250))
      .returning('id')
      .execute();
    ids.push(...added.map((row) => row.id));
  }
  ids = ids.sort((a, b) => a - b);
  await db
    .insertInto('articleTag')
    .values(
      ids.map((articleId, n) => ({ articleId, tag: n % 3 === 0 ? 'science' : 'environment' })),
    )
    .execute();
});

afterAll(() => t.close());

async function search(query: string): Promise<SearchAnswer> {
  const res = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<SearchAnswer>();
  expect(Number(res.headers['x-total-count'])).toBe(answer.total);
  return answer;
}

const idsOf = (answer: SearchAnswer) => answer.results.map((r) => Number(r.article._id));

describe('a word in more articles than a search ranks', () => {
  it('ranks and counts the newest, and says there are more', async () => {
    const answer = await search('q=tidepool&limit=10');
    expect(answer).toMatchObject({ total: searchLimits.ranked, more: true });
    const sum = (counts: { count: number }[]) => counts.reduce((s, c) => s + c.count, 0);
    expect(sum(answer.facets.publishers)).toBe(searchLimits.ranked);
    const newest = ids.slice(extra);
    expect(answer.facets.tags).toEqual([
      { tag: 'environment', count: newest.filter((_, n) => (n + extra) % 3 !== 0).length },
      { tag: 'science', count: newest.filter((_, n) => (n + extra) % 3 === 0).length },
    ]);
    // Equal scores: the newest first.
    expect(idsOf(answer)).toEqual(ids.slice(-10).reverse());
  });

  it('pages through the newest only, never the older ones', async () => {
    const last = await search(`q=tidepool&limit=50&page=${searchLimits.ranked / 50}`);
    expect(idsOf(last)).toEqual(ids.slice(extra, extra + 50).reverse());
    const past = await search(`q=tidepool&limit=50&page=${searchLimits.ranked / 50 + 1}`);
    expect(past.results).toEqual([]);
  });

  it('finds the older ones by more words, every match counted', async () => {
    const answer = await search(`q=${encodeURIComponent('tidepool driftwood')}`);
    expect(answer).toMatchObject({ total: extra, more: false });
    expect(idsOf(answer)).toEqual(ids.slice(0, extra).reverse());
  });

  it('counts every match of a narrowed search that has fewer than it ranks', async () => {
    const answer = await search('q=tidepool&tags=science');
    expect(answer).toMatchObject({
      total: ids.filter((_, n) => n % 3 === 0).length,
      more: false,
    });
  });
});
