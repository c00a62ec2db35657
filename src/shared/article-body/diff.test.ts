import { describe, expect, it } from 'vitest';
import { diffBodies, wordSegments } from './diff.js';
import { blockPlainText } from './plain-text.js';
import type { ArticleBody, BodyBlock } from './schema.js';

const p = (text: string): BodyBlock => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const h = (text: string): BodyBlock => ({
  type: 'heading',
  attrs: { level: 2 },
  content: [{ type: 'text', text }],
});
const img = (src: string, caption?: string): BodyBlock => ({
  type: 'image',
  attrs: { src, alt: 'A picture', caption },
});
const doc = (...content: BodyBlock[]): ArticleBody => ({ type: 'doc', content });

/** The diff as short lines: kind, positions, and the block's text (an image's address). */
function outline(live: ArticleBody, revision: ArticleBody): string[] {
  return diffBodies(live, revision).blocks.map((change) => {
    const block = 'block' in change ? change.block : change.after;
    const words = block.type === 'image' ? block.attrs.src : blockPlainText(block);
    const where = [
      'from' in change ? `from ${change.from}` : '',
      'to' in change ? `to ${change.to}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    return `${change.kind} ${where}: ${words}`;
  });
}

describe('the diff of two bodies', () => {
  it('finds nothing between equal bodies, whatever order their marks are in', () => {
    const marked = (marks: ('bold' | 'italic')[]) =>
      doc({
        type: 'paragraph',
        content: [{ type: 'text', text: 'Hi', marks: marks.map((type) => ({ type })) }],
      });
    const diff = diffBodies(marked(['bold', 'italic']), marked(['italic', 'bold']));
    expect(diff.changed).toBe(false);
    expect(diff.blocks.map((change) => change.kind)).toEqual(['same']);
  });

  it('names blocks added and removed, in the revision’s order with removed ones where they were', () => {
    const live = doc(p('Alpha one'), p('Bravo two'), p('Charlie three'));
    const revision = doc(p('Alpha one'), p('Delta four, new'), p('Charlie three'), p('Echo five'));
    expect(outline(live, revision)).toEqual([
      'same to 0: Alpha one',
      'removed from 1: Bravo two',
      'added to 1: Delta four, new',
      'same to 2: Charlie three',
      'added to 3: Echo five',
    ]);
  });

  it('names a block that moved unchanged, with where it was and where it is', () => {
    const live = doc(p('Alpha one'), p('Bravo two'), p('Charlie three'), p('Delta four'));
    const revision = doc(p('Delta four'), p('Alpha one'), p('Bravo two'), p('Charlie three'));
    expect(outline(live, revision)).toEqual([
      'moved from 3 to 0: Delta four',
      'same to 1: Alpha one',
      'same to 2: Bravo two',
      'same to 3: Charlie three',
    ]);
  });

  it('names a block that moved and was edited, with its words', () => {
    const live = doc(p('Alpha one'), p('Bravo two'), p('Delta four words'));
    const revision = doc(p('Delta four more words'), p('Alpha one'), p('Bravo two'));
    const [moved] = diffBodies(live, revision).blocks;
    expect(moved).toMatchObject({ kind: 'moved', edited: true, from: 2, to: 0, textChanged: true });
    expect(moved?.kind === 'moved' && moved.words).toEqual([
      { kind: 'same', text: 'Delta four ' },
      { kind: 'added', text: 'more ' },
      { kind: 'same', text: 'words' },
    ]);
  });

  it('keeps the edited blocks in step rather than one that moved', () => {
    const live = doc(
      p('The council approved three routes.'),
      p('Opponents argued against it.'),
      p('Buses run from Thursday.'),
      p('A review follows in a year.'),
    );
    const revision = doc(
      p('A review follows in a year.'),
      p('The city council approved four late routes.'),
      p('Buses run from Thursday.'),
      p('Drivers are being recruited now.'),
    );
    expect(outline(live, revision)).toEqual([
      'moved from 3 to 0: A review follows in a year.',
      'changed from 0 to 1: The city council approved four late routes.',
      'removed from 1: Opponents argued against it.',
      'same to 2: Buses run from Thursday.',
      'added to 3: Drivers are being recruited now.',
    ]);
  });

  it('makes an edited block one change, with the words added and removed', () => {
    const live = doc(p('The council approved three routes.'), p('Unchanged.'));
    const revision = doc(p('The city council approved four late routes.'), p('Unchanged.'));
    const [changed, same] = diffBodies(live, revision).blocks;
    expect(same?.kind).toBe('same');
    expect(changed).toMatchObject({ kind: 'changed', from: 0, to: 0, textChanged: true });
    expect(changed?.kind === 'changed' && changed.words).toEqual([
      { kind: 'same', text: 'The ' },
      { kind: 'added', text: 'city ' },
      { kind: 'same', text: 'council approved ' },
      { kind: 'removed', text: 'three' },
      { kind: 'added', text: 'four late' },
      { kind: 'same', text: ' routes.' },
    ]);
  });

  it('pairs edited blocks in order, and keeps unrelated ones removed and added', () => {
    const live = doc(
      h('Intro'),
      p('Budget rises by ten percent this year'),
      p('Old closing words entirely'),
    );
    const revision = doc(
      h('Intro'),
      p('A wholly new paragraph about something else'),
      p('Budget rises by twelve percent this year'),
    );
    expect(outline(live, revision)).toEqual([
      'same to 0: Intro',
      'added to 1: A wholly new paragraph about something else',
      'changed from 1 to 2: Budget rises by twelve percent this year',
      'removed from 2: Old closing words entirely',
    ]);
  });

  it('tells a change of formatting or kind from a change of words', () => {
    const live = doc(p('Same words here'), p('Heading soon'));
    const revision = doc(
      {
        type: 'paragraph',
        content: [{ type: 'text', text: 'Same words here', marks: [{ type: 'bold' }] }],
      },
      h('Heading soon'),
    );
    const blocks = diffBodies(live, revision).blocks;
    expect(blocks.map((change) => change.kind === 'changed' && change.textChanged)).toEqual([
      false,
      false,
    ]);
    expect(blocks.map((change) => change.kind === 'changed' && change.words)).toEqual([
      [{ kind: 'same', text: 'Same words here' }],
      [{ kind: 'same', text: 'Heading soon' }],
    ]);
  });

  it('treats an image in another’s place as removed and added, and a new caption as a change', () => {
    expect(
      outline(doc(p('Text'), img('/uploads/a.webp')), doc(p('Text'), img('/uploads/b.webp'))),
    ).toEqual([
      'same to 0: Text',
      'removed from 1: /uploads/a.webp',
      'added to 1: /uploads/b.webp',
    ]);
    const [, caption] = diffBodies(
      doc(p('Text'), img('/uploads/a.webp', 'Old caption')),
      doc(p('Text'), img('/uploads/a.webp', 'New caption')),
    ).blocks;
    expect(caption).toMatchObject({ kind: 'changed', textChanged: true });
  });

  it('ignores empty paragraphs, which show nothing', () => {
    const diff = diffBodies(
      doc(p('One'), { type: 'paragraph' }, p('Two')),
      doc(p('One'), p('Two'), { type: 'paragraph' }),
    );
    expect(diff.changed).toBe(false);
  });

  it('shows a block rewritten past the edit limit as all removed and all added', () => {
    const words = (prefix: string) =>
      Array.from({ length: 1200 }, (_, i) => `${prefix}${i}`).join(' ');
    expect(wordSegments(words('a'), words('b'))).toEqual([
      { kind: 'removed', text: words('a') },
      { kind: 'added', text: words('b') },
    ]);
  });

  it('diffs the longest bodies in a moment', () => {
    const paragraphs = (seed: number) =>
      Array.from({ length: 150 }, (_, i) =>
        p(Array.from({ length: 22 }, (_, w) => `word${(i * 31 + w * seed) % 97}`).join(' ')),
      );
    const started = performance.now();
    diffBodies(doc(...paragraphs(7)), doc(...paragraphs(11)));
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
