import type { JSONContent } from '@tiptap/core';

const vocabulary = (
  'the council harbour said on its plan for new homes near river which would cost more than ' +
  'residents expected after years of delay and a vote that split members late into night while ' +
  'reporters waited outside hall with questions about budget schools roads trains weather'
).split(' ');

/**
 * An article of `words` words, the same every run: a heading every ten paragraphs of about
 * 60 words, a list and a quote now and then, so that every kind of block is in it.
 */
export function longDocument(words: number): JSONContent {
  let seed = 1;
  const next = () => (seed = (seed * 16807) % 2147483647);
  const sentence = (length: number) => {
    const picked = Array.from({ length }, () => vocabulary[next() % vocabulary.length]);
    const text = picked.join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  const text = (value: string): JSONContent => ({ type: 'text', text: value });
  const paragraph = (value: string): JSONContent => ({ type: 'paragraph', content: [text(value)] });

  const content: JSONContent[] = [];
  let written = 0;
  for (let block = 0; written < words; block += 1) {
    if (block % 10 === 0) {
      content.push({ type: 'heading', attrs: { level: 2 }, content: [text(sentence(5))] });
      written += 5;
    } else if (block % 10 === 4) {
      const items = [sentence(8), sentence(8), sentence(8)];
      content.push({
        type: 'bulletList',
        content: items.map((item) => ({ type: 'listItem', content: [paragraph(item)] })),
      });
      written += 24;
    } else if (block % 10 === 7) {
      content.push({ type: 'blockquote', content: [paragraph(sentence(20))] });
      written += 20;
    } else {
      const length = Math.min(60, words - written);
      content.push({
        type: 'paragraph',
        content: [
          text(sentence(Math.ceil(length / 2))),
          { type: 'text', text: ' Bold words ', marks: [{ type: 'bold' }] },
          text(sentence(Math.max(1, Math.floor(length / 2) - 2))),
        ],
      });
      written += length;
    }
  }
  return { type: 'doc', content };
}
