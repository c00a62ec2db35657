import { describe, expect, it } from 'vitest';
import { refined, searchable, searchHref, searchRequest, searchStateOf } from './searchState';

const stateOf = (query: string) => searchStateOf(new URLSearchParams(query));

describe('searchStateOf', () => {
  it('reads the words, filters and page from the address', () => {
    expect(stateOf('q=rain&publisher=The+Courier&tags=sports&premium=true&page=2')).toEqual({
      q: 'rain',
      publisher: 'The Courier',
      tags: ['sports'],
      premium: true,
      page: 2,
    });
  });

  it('starts empty, on page 1, premium or not', () => {
    expect(stateOf('')).toEqual({ q: '', publisher: '', tags: [], premium: undefined, page: 1 });
  });

  it('trims the words and the publisher', () => {
    expect(stateOf('q=++rain++&publisher=+Courier+')).toMatchObject({
      q: 'rain',
      publisher: 'Courier',
    });
  });

  it('lower-cases, dedupes and sorts the tags, so one set of tags is one search', () => {
    expect(stateOf('tags=Sports,+health,,SPORTS').tags).toEqual(['health', 'sports']);
  });

  it('takes only true or false for premium', () => {
    expect(stateOf('premium=false').premium).toBe(false);
    expect(stateOf('premium=yes').premium).toBeUndefined();
  });
});

describe('searchable', () => {
  it('needs a letter or a digit in the words', () => {
    expect(searchable(stateOf('q=rain'))).toBe(true);
    expect(searchable(stateOf('q=2024'))).toBe(true);
    expect(searchable(stateOf('q=été'))).toBe(true);
    expect(searchable(stateOf('q=%22%22+-+*'))).toBe(false);
    expect(searchable(stateOf(''))).toBe(false);
  });
});

describe('searchRequest', () => {
  it('asks the API for a page of ten, with the filters that are set', () => {
    expect(searchRequest(stateOf('q=rain&tags=sports&premium=false&page=3'))).toEqual({
      q: 'rain',
      tags: ['sports'],
      premium: false,
      page: 3,
      limit: 10,
    });
  });

  it('leaves out the filters that are not set', () => {
    expect(searchRequest(stateOf('q=rain'))).toEqual({ q: 'rain', page: 1, limit: 10 });
  });
});

describe('searchHref', () => {
  it("is the page's address without the fixed page size", () => {
    expect(searchHref(stateOf('q=rain&publisher=Courier&page=2'))).toBe(
      '/search?q=rain&publisher=Courier&page=2',
    );
  });

  it('round-trips: the address reads back as the same search', () => {
    const state = stateOf('q=city+hall&tags=health,sports&premium=true&page=4');
    const href = searchHref(state);
    expect(searchStateOf(new URL(href, 'http://x').searchParams)).toEqual(state);
  });
});

describe('refined', () => {
  it('changes the search and goes back to its first page', () => {
    const state = stateOf('q=rain&page=5');
    expect(refined(state, { tags: ['sports'] })).toEqual({ ...state, tags: ['sports'], page: 1 });
  });

  it('leaves the search it was given as it was', () => {
    const state = stateOf('q=rain&page=5');
    refined(state, { q: 'snow' });
    expect(state).toMatchObject({ q: 'rain', page: 5 });
  });
});
