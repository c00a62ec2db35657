import { describe, expect, it } from 'vitest';
import { countWords, readingMinutes } from './wordCount';

describe('countWords', () => {
  it('counts words, not spaces or punctuation', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  — … ')).toBe(0);
    expect(countWords('The mayor’s well-known plan, at 9:30 — twice!')).toBe(7);
    expect(countWords('Öffentliche Straße\nand\tcafé')).toBe(4);
  });
});

describe('readingMinutes', () => {
  it('rounds up at 230 words a minute, from one minute', () => {
    expect(readingMinutes(0)).toBe(0);
    expect(readingMinutes(1)).toBe(1);
    expect(readingMinutes(230)).toBe(1);
    expect(readingMinutes(231)).toBe(2);
    expect(readingMinutes(5000)).toBe(22);
  });
});
