import { describe, expect, it } from 'vitest';
import { searchKeys, searchQueryString } from './search';

describe('searchQueryString', () => {
  it('carries the words alone when nothing else is asked', () => {
    expect(searchQueryString({ q: 'city council' })).toBe('q=city+council');
  });

  it('carries every filter, tags joined by commas', () => {
    expect(
      searchQueryString({
        q: 'rain',
        publisher: 'The Courier',
        tags: ['health', 'sports'],
        premium: false,
        page: 3,
        limit: 10,
      }),
    ).toBe('q=rain&publisher=The+Courier&tags=health%2Csports&premium=false&page=3&limit=10');
  });

  it('leaves out empty filters and the first page', () => {
    expect(searchQueryString({ q: 'rain', publisher: '', tags: [], page: 1 })).toBe('q=rain');
  });

  it('keeps premium=true as well as premium=false', () => {
    expect(searchQueryString({ q: 'rain', premium: true })).toBe('q=rain&premium=true');
  });
});

describe('searchKeys', () => {
  it('files every search under one key, so signing in or out can drop them all', () => {
    const key = searchKeys.results({ q: 'rain', page: 2 });
    expect(key.slice(0, searchKeys.all.length)).toEqual([...searchKeys.all]);
    expect(key).not.toEqual(searchKeys.results({ q: 'rain', page: 3 }));
  });
});
