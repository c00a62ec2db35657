import { describe, expect, it } from 'vitest';
import { piecesOf } from './pieces.js';
import { ftsQuery, markEnd, markStart, searchTerms, tsQuery } from './terms.js';

describe('search terms', () => {
  it('reads words, quoted phrases and punctuated words, each once', () => {
    expect(searchTerms('Elections "white House" covid-19 elections')).toEqual([
      ['elections'],
      ['white', 'house'],
      ['covid', '19'],
    ]);
    expect(searchTerms('"unclosed phrase')).toEqual([['unclosed', 'phrase']]);
    expect(searchTerms('*** "" -- ^')).toEqual([]);
    expect(searchTerms('Zürich')).toEqual([['zürich']]);
  });

  it('writes each engine’s query from words alone', () => {
    const terms = searchTerms('vote "white house" OR');
    expect(ftsQuery(terms, false)).toBe('"vote" AND "white house" AND "or"');
    expect(ftsQuery(terms, true)).toBe(
      '{title headings shown} : ("vote" AND "white house" AND "or")',
    );
    expect(tsQuery(terms, false)).toBe('vote & (white <-> house) & or');
    expect(tsQuery(terms, true)).toBe('vote:ABC & (white:ABC <-> house:ABC) & or:ABC');
  });
});

describe('marked text as pieces', () => {
  it('splits at the marks and keeps everything else as text', () => {
    expect(piecesOf(`a ${markStart}<b>${markEnd} c`)).toEqual([
      { text: 'a ', mark: false },
      { text: '<b>', mark: true },
      { text: ' c', mark: false },
    ]);
    expect(piecesOf(`${markStart}x${markEnd}${markStart}y${markEnd}`)).toEqual([
      { text: 'xy', mark: true },
    ]);
    expect(piecesOf('')).toEqual([]);
  });
});
