import { describe, expect, it } from 'vitest';
import { parseTagList } from '../tags.js';
import { articleListQuery, revisionQueueQuery } from './article-list.js';
import { flagParam, queryString } from './query-string.js';
import { maxPageSize } from './query-params.js';
import { searchQuerySchema } from './search-query.js';

/** What the API route reads from the query string the web app sends for `request`. */
const sent = (request: Parameters<typeof queryString>[0]) =>
  Object.fromEntries(new URLSearchParams(queryString(request)));

describe('queryString', () => {
  it('leaves out empty values, trims texts, joins lists and writes flags', () => {
    expect(
      queryString({ title: '  rain ', publisher: ' ', tags: [], email: undefined, more: null }),
    ).toBe('title=rain');
    expect(queryString({ tags: ['sports', 'health'], isPremium: false, page: 2 })).toBe(
      'tags=sports%2Chealth&isPremium=false&page=2',
    );
  });

  it("writes a list's request as the list's schema reads it back", () => {
    const request = {
      email: 'rita@example.com',
      isApproved: true,
      isPremium: false,
      title: 'city hall',
      publisher: 'Courier',
      tags: ['sports', 'health'],
      sortBy: 'viewCount' as const,
      page: 3,
      limit: 12,
    };
    expect(articleListQuery.parse(sent(request))).toEqual(request);
  });

  it("writes a search as the search's schema reads it back", () => {
    const request = {
      q: '"city hall" rain',
      publisher: 'The Courier',
      tags: ['health', 'sports'],
      premium: true,
      page: 2,
      limit: 10,
    };
    expect(searchQuerySchema.parse(sent(request))).toEqual(request);
  });
});

describe('flagParam', () => {
  it('reads what the schemas take for a flag, and nothing else', () => {
    expect(flagParam('true')).toBe(true);
    expect(flagParam('false')).toBe(false);
    expect(flagParam('yes')).toBeUndefined();
    expect(flagParam(null)).toBeUndefined();
    expect(articleListQuery.parse({ isPremium: 'true' }).isPremium).toBe(true);
    expect(articleListQuery.safeParse({ isPremium: 'yes' }).success).toBe(false);
  });
});

describe('parseTagList', () => {
  it('trims, lower-cases and keeps each tag once, in the order typed', () => {
    expect(parseTagList(' Sports, ,HEALTH,sports ')).toEqual(['sports', 'health']);
    expect(parseTagList('')).toEqual([]);
  });

  it('is what the schemas read a tags parameter with', () => {
    expect(articleListQuery.parse({ tags: ' Sports, ,HEALTH,sports ' }).tags).toEqual([
      'sports',
      'health',
    ]);
    expect(searchQuerySchema.parse({ q: 'x', tags: 'Sports,health' }).tags).toEqual([
      'health',
      'sports',
    ]);
    expect(articleListQuery.parse({ tags: ' , ' }).tags).toBeUndefined();
  });
});

describe('the lists’ pages', () => {
  it('take a default page size each, and no more than the maximum', () => {
    expect(articleListQuery.parse({})).toMatchObject({ page: 1, limit: 12 });
    expect(revisionQueueQuery.parse({})).toEqual({ page: 1, limit: 3 });
    expect(searchQuerySchema.parse({ q: 'x' })).toMatchObject({ page: 1, limit: 10 });
    expect(revisionQueueQuery.parse({ limit: '500' }).limit).toBe(maxPageSize);
  });

  it('refuse a page that is not a whole number from 1, and a search past its last page', () => {
    for (const page of ['0', '-1', '1.5', 'two']) {
      expect(revisionQueueQuery.safeParse({ page }).success).toBe(false);
    }
    expect(revisionQueueQuery.safeParse({ page: '10001' }).success).toBe(true);
    expect(searchQuerySchema.safeParse({ q: 'x', page: '10001' }).success).toBe(false);
  });
});
