import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ArticleBody, BodyBlock } from '#shared/article-body/schema';
import { RevisionDiff } from './RevisionDiff';

afterEach(cleanup);

const p = (text: string): BodyBlock => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (...content: BodyBlock[]): ArticleBody => ({ type: 'doc', content });

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

function open() {
  render(<RevisionDiff live={live} revision={revision} authorIsAdmin={false} />);
  return {
    published: screen.getByRole('group', { name: 'Published text' }),
    edit: screen.getByRole('group', { name: 'Edit, with its changes marked' }),
  };
}

describe('the diff of a revision', () => {
  it('shows the published text beside the edit', () => {
    const { published } = open();
    expect(within(published).getByText('Opponents argued against it.').tagName).toBe('P');
  });

  it('names every block change in words, in the edit’s order, and sums them up', () => {
    const { edit } = open();
    const labels = within(edit)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p.uppercase')?.textContent ?? 'unchanged');
    expect(labels).toEqual([
      'Moved paragraph: was block 4, now block 1',
      'Changed paragraph',
      'Removed paragraph',
      'unchanged',
      'Added paragraph',
    ]);
    expect(
      within(edit).getByText('1 block changed, 1 block added, 1 block removed, 1 block moved.'),
    ).toBeDefined();
  });

  it('marks words added with ins and removed with del, each said in words to screen readers', () => {
    const { edit } = open();
    const changed = within(edit).getByText('Changed paragraph').closest('li')!;
    const marked = (tag: string) => [...changed.querySelectorAll(tag)].map((el) => el.textContent);
    expect(marked('ins')).toEqual(['[added: city ]', '[added: four late]']);
    expect(marked('del')).toEqual(['[removed: three]']);
    // The brackets and words are for screen readers only; the eye sees the words.
    const del = changed.querySelector('del')!;
    expect([...del.querySelectorAll('.sr-only')].map((el) => el.textContent)).toEqual([
      '[removed: ',
      ']',
    ]);
    expect(changed.textContent).toContain('The [added: city ]council approved [removed: three]');

    const removed = within(edit).getByText('Removed paragraph').closest('li')!;
    expect(removed.querySelector('del')?.textContent).toBe(
      '[removed: Opponents argued against it.]',
    );
    const added = within(edit).getByText('Added paragraph').closest('li')!;
    expect(added.querySelector('ins')?.textContent).toBe(
      '[added: Drivers are being recruited now.]',
    );
  });

  it('names a block moved and edited, a change of kind, and a change of formatting only', () => {
    render(
      <RevisionDiff
        authorIsAdmin={false}
        live={doc(p('First block here'), p('Second block here'), p('Third block'))}
        revision={doc(
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'Third block', marks: [{ type: 'italic' }] }],
          },
          {
            type: 'heading',
            attrs: { level: 2 },
            content: [{ type: 'text', text: 'First block here' }],
          },
          p('Second block here, longer'),
        )}
      />,
    );
    expect(
      screen.getAllByRole('listitem').map((item) => item.querySelector('p.uppercase')?.textContent),
    ).toEqual([
      'Moved and changed paragraph: was block 3, now block 1',
      'Changed paragraph to heading',
      'Changed paragraph',
    ]);
  });

  it('says so when an edit leaves the text as it is', () => {
    render(<RevisionDiff live={live} revision={live} authorIsAdmin />);
    expect(screen.getByText('The text is unchanged.')).toBeDefined();
    expect(document.querySelectorAll('ins, del')).toHaveLength(0);
  });

  it('gives the published text’s headings no ids, so a queue of diffs repeats none', () => {
    const titled = doc(
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Routes' }] },
      ...live.content,
    );
    render(
      <>
        <RevisionDiff live={titled} revision={revision} authorIsAdmin={false} />
        <RevisionDiff live={titled} revision={live} authorIsAdmin={false} />
      </>,
    );
    expect(screen.getAllByRole('heading', { name: 'Routes' })).toHaveLength(2);
    expect(document.querySelectorAll('[id]')).toHaveLength(0);
  });
});
