import { describe, expect, it } from 'vitest';
import { pageParam, withPage } from './pageParam';

const params = (query: string) => new URLSearchParams(query);

describe('pageParam', () => {
  it('reads a whole page number from 1', () => {
    expect(pageParam(params('page=1'))).toBe(1);
    expect(pageParam(params('page=7'))).toBe(7);
  });

  it('takes page 1 for a missing, made-up or out-of-range number', () => {
    for (const query of ['', 'page=', 'page=0', 'page=-3', 'page=2.5', 'page=abc', 'page=1e400']) {
      expect(pageParam(params(query)), query).toBe(1);
    }
  });
});

describe('withPage', () => {
  it('sets the page and keeps the other parameters', () => {
    expect(withPage(params('title=rain&page=2'), 3)).toBe('?title=rain&page=3');
    expect(withPage(params('tags=sports'), 2)).toBe('?tags=sports&page=2');
  });

  it('leaves page 1 out of the address', () => {
    expect(withPage(params('title=rain&page=4'), 1)).toBe('?title=rain');
    expect(withPage(params('page=4'), 1)).toBe('?');
  });

  it('does not change the parameters it was given', () => {
    const given = params('page=2');
    withPage(given, 5);
    expect(given.toString()).toBe('page=2');
  });
});
