import { describe, expect, it } from 'vitest';
import { firstSentences } from './excerpt.js';

describe('firstSentences', () => {
  it('keeps the first sentences and drops the rest', () => {
    expect(firstSentences('One. Two! Three? Four.', 3)).toBe('One. Two! Three?');
  });

  it('treats a paragraph break as the end of a sentence', () => {
    expect(firstSentences('A headline without a stop\n\nThen a sentence. Another.', 2)).toBe(
      'A headline without a stop Then a sentence.',
    );
  });

  it('returns a short text whole', () => {
    expect(firstSentences('Only one sentence here', 3)).toBe('Only one sentence here');
  });

  it('keeps closing quotes with their sentence', () => {
    expect(firstSentences('He said "stop." Then left.', 1)).toBe('He said "stop."');
  });
});

describe('firstSentences with numbers', () => {
  it('does not end a sentence inside a decimal number', () => {
    expect(firstSentences('Sales rose 1.5 percent. Then fell.', 1)).toBe('Sales rose 1.5 percent.');
  });
});
