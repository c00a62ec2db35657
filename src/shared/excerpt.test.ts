import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freePart } from './article-body/free-part.js';
import { bodyPlainText, plainTextToBody } from './article-body/plain-text.js';
import {
  articleTextColumns,
  firstSentences,
  premiumExcerpt,
  premiumExcerptLimits,
} from './excerpt.js';

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

describe('premiumExcerpt', () => {
  it('shows a third of the sentences, rounded down', () => {
    expect(premiumExcerpt('One. Two. Three.')).toBe('One.');
    expect(premiumExcerpt('One. Two. Three. Four. Five.')).toBe('One.');
    expect(premiumExcerpt('One. Two. Three. Four. Five. Six.')).toBe('One. Two.');
  });

  it('shows at most three sentences of a long article', () => {
    const text = Array.from({ length: 30 }, (_, n) => `Sentence ${n + 1}.`).join(' ');
    expect(premiumExcerpt(text)).toBe('Sentence 1. Sentence 2. Sentence 3.');
  });

  it('shows only the start of a one- or two-sentence article, cut at a word', () => {
    expect(premiumExcerpt('The council met on Monday to decide the budget.')).toBe(
      'The council met…',
    );
    expect(premiumExcerpt('Short one. And the second sentence of it.')).toBe('Short one…');
  });

  it('cuts a text with no sentence end at a word, within a third of it', () => {
    const text = 'an unpunctuated text that runs on and on without ever stopping at all';
    const excerpt = premiumExcerpt(text);
    expect(excerpt).toBe('an unpunctuated text…');
    expect(excerpt.length - 1).toBeLessThanOrEqual(text.length / 3);
  });

  it('shows nothing of a text too short to cut at a word', () => {
    expect(premiumExcerpt('Hi.')).toBe('');
    expect(premiumExcerpt('Extraordinarily')).toBe('');
    expect(premiumExcerpt('Go now!')).toBe('Go…');
  });

  it('caps long sentences at the character limit', () => {
    const word = 'word ';
    const sentence = `${word.repeat(100).trim()}.`;
    const excerpt = premiumExcerpt(`${sentence} ${sentence} ${sentence}`);
    expect(excerpt.length).toBeLessThanOrEqual(premiumExcerptLimits.maxChars + 1);
    expect(excerpt.endsWith('word…')).toBe(true);
  });

  it('drops punctuation before the ellipsis', () => {
    expect(premiumExcerpt('Well, then, the morning brings news')).toBe('Well, then…');
  });
});

/** The text with every run of white space as one space, and no space at either end. */
const squeezed = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Texts like articles: words of letters and punctuation, spaces and line breaks between. */
const articleLike = fc
  .array(
    fc.tuple(
      fc.stringMatching(/^[A-Za-z'"”’()0-9]{1,12}[.!?,;:…]?["'”’)]?$/),
      fc.constantFrom(' ', ' ', ' ', '  ', '\n', '\n\n', '\t'),
    ),
    { minLength: 1, maxLength: 120 },
  )
  .map((parts) => parts.map(([word, space]) => word + space).join(''));

describe('premiumExcerpt, for any text', () => {
  const anyText = fc
    .oneof(
      articleLike,
      fc.string({ minLength: 1, maxLength: 2000 }),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 400 }),
    )
    .filter((text) => text.trim() !== ''); // an article's text is never blank

  it('is strictly shorter than the text, and a start of it', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const excerpt = premiumExcerpt(text);
        expect(excerpt.length).toBeLessThan(text.length);
        const shown = squeezed(excerpt.replace(/…$/, ''));
        const whole = squeezed(text);
        expect(whole.startsWith(shown)).toBe(true);
        // Never the whole text, even with its spacing set aside.
        expect(shown.length).toBeLessThan(whole.length);
        expect(excerpt.length).toBeLessThanOrEqual(premiumExcerptLimits.maxChars + 1);
      }),
      { seed: 20_241_014, numRuns: 2_000 },
    );
  });

  it('shows a third of the sentences, or of the characters when there are fewer than 3', () => {
    fc.assert(
      fc.property(articleLike, (text) => {
        const all = firstSentences(text, Number.MAX_SAFE_INTEGER);
        let count = 0;
        while (firstSentences(text, count) !== all) count += 1;
        const shown = premiumExcerpt(text).replace(/…$/, '');
        if (count >= 3) {
          expect(firstSentences(text, Math.floor(count / 3)).startsWith(shown)).toBe(true);
        } else {
          expect(all.startsWith(shown)).toBe(true);
          expect(shown.length).toBeLessThanOrEqual(all.length / 3);
        }
      }),
      { seed: 20_241_015, numRuns: 1_000 },
    );
  });
});

describe('the text columns of an article', () => {
  const paragraphs = (...texts: string[]) => plainTextToBody(texts.join('\n\n'));

  it('hold the body, its plain text, and the first three sentences for a free article', () => {
    const body = paragraphs('One. Two.', 'Three. Four.');
    const columns = articleTextColumns(body);
    expect(JSON.parse(columns.body)).toEqual(body);
    expect(columns.description).toBe('One. Two.\n\nThree. Four.');
    expect(columns.excerpt).toBe('One. Two. Three.');
  });

  it('show of a premium article the start of its free part, never past it', () => {
    const first = 'The council met on Monday to decide the budget for the coming year.';
    const rest = Array.from({ length: 20 }, (_, n) => `Paragraph ${n} reveals more.`);
    const body = paragraphs(first, ...rest);
    const { premiumExcerpt } = articleTextColumns(body);
    const free = bodyPlainText(freePart(body).body).replace(/\s+/g, ' ');
    expect(free.startsWith(premiumExcerpt.replace(/…$/, ''))).toBe(true);
    expect(premiumExcerpt).toContain('The council met');
    expect(premiumExcerpt).not.toContain('Paragraph 19');
  });

  it('never show the whole text of a premium article, however short', () => {
    fc.assert(
      fc.property(fc.array(fc.lorem({ maxCount: 12 }), { minLength: 1, maxLength: 6 }), (texts) => {
        const body = paragraphs(...texts.map((text) => text.trim() || 'word'));
        const { description, premiumExcerpt } = articleTextColumns(body);
        expect(premiumExcerpt.replace(/…$/, '').length).toBeLessThan(description.length);
        expect(premiumExcerpt.length).toBeLessThanOrEqual(premiumExcerptLimits.maxChars + 1);
      }),
    );
  });
});
