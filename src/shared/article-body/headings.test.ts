import { describe, expect, it } from 'vitest';
import { headingIds, headingsText, slugOf } from './headings.js';
import type { ArticleBody, BodyBlock, BodyHeading } from './schema.js';

const h = (text: string, level: 2 | 3 = 2): BodyHeading => ({
  type: 'heading',
  attrs: { level },
  content: text ? [{ type: 'text', text }] : undefined,
});
const doc = (...content: BodyBlock[]): ArticleBody => ({ type: 'doc', content });

describe('heading ids', () => {
  it.each([
    ['The vote', 'the-vote'],
    ['  What it costs: $1.4 million?  ', 'what-it-costs-1-4-million'],
    ['Café crème à la Zürich', 'cafe-creme-a-la-zurich'],
    ['Выборы в городе', 'выборы-в-городе'],
    ['東京の選挙', '東京の選挙'],
    ['¿¡!?', 'section'],
    ['<script>alert("x")</script>', 'script-alert-x-script'],
    ['a'.repeat(70), 'a'.repeat(60)],
    [`${'word '.repeat(11)}end`, 'word-word-word-word-word-word-word-word-word-word-word-end'],
    [`${'abcde '.repeat(10)}xyz`, 'abcde-abcde-abcde-abcde-abcde-abcde-abcde-abcde-abcde-abcde'],
  ])('makes %j into %j', (text, slug) => {
    expect(slugOf(text)).toBe(slug);
  });

  it('numbers repeated headings -2, -3, … in document order, quotes and lists included', () => {
    const first = h('Reaction');
    const second = h('Reaction', 3);
    const quoted = h('Reaction');
    const listed = h('Reaction 2');
    const third = h('reaction!');
    const body = doc(
      first,
      second,
      { type: 'blockquote', content: [quoted] },
      {
        type: 'bulletList',
        content: [{ type: 'listItem', content: [{ type: 'paragraph' }, listed] }],
      },
      third,
    );
    const ids = headingIds(body);
    expect([first, second, quoted, listed, third].map((heading) => ids.get(heading))).toEqual([
      'reaction',
      'reaction-2',
      'reaction-3',
      'reaction-2-2',
      'reaction-4',
    ]);
    // The same document gets the same ids.
    expect([...headingIds(structuredClone(body)).values()]).toEqual([...ids.values()]);
  });

  it('never takes an id of the page around the body, and gives none to an empty heading', () => {
    const main = h('Main');
    const empty = h('');
    const spaces = h('   ');
    const ids = headingIds(doc(main, empty, spaces));
    expect(ids.get(main)).toBe('main-2');
    expect(ids.has(empty)).toBe(false);
    expect(ids.has(spaces)).toBe(false);
    expect(headingIds(doc(main), ['main', 'main-2']).get(main)).toBe('main-3');
  });
});

describe('headings text', () => {
  it('lists every heading with text, one a line, quotes and lists included', () => {
    const body = doc(
      h(' The vote '),
      { type: 'paragraph', content: [{ type: 'text', text: 'Not a heading.' }] },
      h(''),
      { type: 'blockquote', content: [h('Quoted', 3)] },
      { type: 'bulletList', content: [{ type: 'listItem', content: [h('Listed')] }] },
    );
    expect(headingsText(body)).toBe('The vote\nQuoted\nListed');
    expect(headingsText(doc({ type: 'paragraph' }))).toBe('');
  });
});
