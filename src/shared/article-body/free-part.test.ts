import { describe, expect, it } from 'vitest';
import { freePart, freePartWords, wordCount } from './free-part.js';
import { bodyPlainText } from './plain-text.js';
import type { ArticleBody, BodyBlock } from './schema.js';

/** `count` words: w1 w2 … (each one word, so the counts are easy to read). */
const words = (count: number, from = 1) =>
  Array.from({ length: count }, (_, index) => `w${from + index}`).join(' ');
const p = (text: string): BodyBlock => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const h = (text: string): BodyBlock => ({
  type: 'heading',
  attrs: { level: 2 },
  content: [{ type: 'text', text }],
});
const img = (caption?: string): BodyBlock => ({
  type: 'image',
  attrs: { src: '/uploads/a.webp', alt: 'A picture', caption },
});
const rule: BodyBlock = { type: 'horizontalRule' };
const doc = (...content: BodyBlock[]): ArticleBody => ({ type: 'doc', content });

describe('the free part of a premium article', () => {
  it('is its first whole blocks while they stay within about 60 words', () => {
    const body = doc(p(words(25)), p(words(30)), p(words(10)), p(words(40)));
    expect(freePart(body)).toEqual({ body: doc(p(words(25)), p(words(30))), cut: 'blocks' });
  });

  it('takes a block that ends exactly at 60 words, and not one word more', () => {
    expect(freePart(doc(p(words(30)), p(words(30)), p(words(5)))).body).toEqual(
      doc(p(words(30)), p(words(30))),
    );
    expect(freePart(doc(p(words(30)), p(words(31)), p(words(5)))).body).toEqual(doc(p(words(30))));
  });

  it('takes the first paragraph however long it is', () => {
    expect(freePart(doc(p(words(100)), p(words(5)), p(words(5))))).toEqual({
      body: doc(p(words(100))),
      cut: 'blocks',
    });
  });

  it('keeps going past a heading or an image at the start until it holds a paragraph', () => {
    expect(freePart(doc(h('The vote'), img(), p(words(80)), p(words(3)))).body).toEqual(
      doc(h('The vote'), img(), p(words(80))),
    );
    // A heading, however long, is not the paragraph the free part must hold.
    expect(freePart(doc(h(words(70)), p(words(10)), p(words(10)), p(words(50)))).body).toEqual(
      doc(h(words(70)), p(words(10))),
    );
  });

  it('counts a quote or a list holding a paragraph as its paragraph, and their words', () => {
    const quote: BodyBlock = { type: 'blockquote', content: [p(words(20)), p(words(20))] };
    const list: BodyBlock = {
      type: 'bulletList',
      content: [{ type: 'listItem', content: [p(words(30))] }],
    };
    expect(freePart(doc(quote, list, p(words(10)))).body).toEqual(doc(quote));
    expect(freePart(doc(list, quote, p(words(5)))).body).toEqual(doc(list));
  });

  it('keeps images and rules without words that come before the block that does not fit', () => {
    expect(freePart(doc(p(words(20)), img(), rule, p(words(50)))).body).toEqual(
      doc(p(words(20)), img(), rule),
    );
    // An image's caption is words of the article.
    expect(freePart(doc(p(words(50)), img(words(20)), p(words(5)))).body).toEqual(
      doc(p(words(50))),
    );
  });

  it('never holds all of the article’s words: the last block with words is left out', () => {
    expect(freePart(doc(p(words(10)), p(words(10)), img()))).toEqual({
      body: doc(p(words(10))),
      cut: 'blocks',
    });
    expect(freePart(doc(h('Title'), p(words(30)), p(words(20)))).body).toEqual(
      doc(h('Title'), p(words(30))),
    );
  });

  it('shows a third of an article of one paragraph, cut at a word, its marks kept', () => {
    const body = doc(h('Short'), {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'One two ' },
        { type: 'text', text: 'three, four', marks: [{ type: 'bold' }] },
        { type: 'text', text: ' five six seven eight nine.' },
      ],
    });
    expect(freePart(body)).toEqual({
      body: doc(h('Short'), {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'One two ' },
          { type: 'text', text: 'three…', marks: [{ type: 'bold' }] },
        ],
      }),
      cut: 'words',
    });
  });

  it('cuts a long single paragraph at 60 words, and a word split across marks counts once', () => {
    const { body, cut } = freePart(doc(p(words(300))));
    expect(cut).toBe('words');
    expect(bodyPlainText(body)).toBe(`${words(freePartWords)}…`);

    const split = freePart(
      doc({
        type: 'paragraph',
        content: [
          { type: 'text', text: 'in', marks: [{ type: 'italic' }] },
          { type: 'text', text: 'side out there' },
        ],
      }),
    );
    expect(bodyPlainText(split.body)).toBe('inside…');
  });

  it('takes the first paragraph of a quote or list that is the whole text', () => {
    const body = doc({
      type: 'blockquote',
      content: [p(words(9)), p(words(30))],
    });
    expect(freePart(body)).toEqual({ body: doc(p(`${words(3)}…`)), cut: 'words' });
  });

  it('is empty when a third of the only paragraph is not one word, or there is no paragraph', () => {
    expect(freePart(doc(p('Two words')))).toEqual({ body: doc(), cut: 'words' });
    expect(freePart(doc(img(), p('Two words'))).body).toEqual(doc(img()));
    expect(freePart(doc(h('Only a heading')))).toEqual({ body: doc(), cut: 'words' });
  });

  it('never sends more words than it took, for any mix of blocks', () => {
    for (let seed = 1; seed <= 200; seed++) {
      let state = seed;
      const next = () => (state = (state * 48271) % 2147483647);
      const blocks = Array.from({ length: 1 + (next() % 8) }, (_, index) => {
        const kind = next() % 4;
        const count = 1 + (next() % 90);
        return kind === 0
          ? h(words(1 + (count % 8)))
          : kind === 1
            ? img()
            : p(words(count, index * 100));
      });
      const body = doc(...blocks);
      const part = freePart(body);
      const all = wordCount(bodyPlainText(body));
      const shown = wordCount(bodyPlainText(part.body));
      if (all > 0) expect(shown).toBeLessThan(all);
      // Whole blocks are the article's first blocks, in order.
      if (part.cut === 'blocks')
        expect(body.content.slice(0, part.body.content.length)).toEqual(part.body.content);
    }
  });
});
