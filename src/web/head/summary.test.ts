import { describe, expect, it } from 'vitest';
import { summary } from './summary';

describe('summary', () => {
  it("is the text's first two sentences", () => {
    expect(summary('Rain fell. Roads flooded. Schools closed early.')).toBe(
      'Rain fell. Roads flooded.',
    );
  });

  it('keeps a short text whole', () => {
    expect(summary('One line only')).toBe('One line only');
  });

  it('cuts a long sentence at a word, within 200 characters, and marks the cut', () => {
    const long = `${'word '.repeat(60).trim()}.`;
    const text = summary(long);
    expect(text.length).toBeLessThanOrEqual(200);
    expect(text.endsWith('word…')).toBe(true);
  });

  it('cuts a text without spaces at 199 characters', () => {
    const text = summary('x'.repeat(300));
    expect(text).toBe(`${'x'.repeat(199)}…`);
  });
});
