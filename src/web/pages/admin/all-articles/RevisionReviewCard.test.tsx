import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RevisionQueueItem } from '#shared/revisions';
import { doc, liveArticle, paragraph, pendingEdit, texts } from '#web/test/revisionData';
import { RevisionReviewCard } from './RevisionReviewCard';

afterEach(cleanup);

function open(item: RevisionQueueItem) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RevisionReviewCard item={item} onReviewed={() => {}} />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: `Edit of ${item.live.name}` });
}

describe("an editor's review of an edit", () => {
  it('shows the text as a diff beside the published version, words marked ins and del', () => {
    const card = open({ live: liveArticle, revision: pendingEdit });
    const text = within(card).getByRole('group', { name: 'Description changed' });
    const published = within(text).getByRole('group', { name: 'Published text' });
    expect(published.textContent).toBe(
      'PublishedThe ferry leaves at nine.Tickets cost two pounds.',
    );
    const edit = within(text).getByRole('group', { name: 'Edit, with its changes marked' });
    expect(texts(edit, 'ins')).toEqual(['[added: now ]', '[added: ten]']);
    expect(texts(edit, 'del')).toEqual(['[removed: nine]']);
    expect(within(edit).getByText('1 block changed.')).toBeDefined();
    // The whole new text is no longer shown apart from the diff.
    expect(within(card).queryByLabelText('Edit description')).toBeNull();
  });

  it('keeps the other changed fields side by side, and names those left as they were', () => {
    const card = open({ live: liveArticle, revision: pendingEdit });
    const title = within(card).getByRole('group', { name: 'Title changed' });
    expect(title.textContent).toBe('TitlePublishedFerry timetableEditFerry timetable (winter)');
    expect(within(card).getByText('Unchanged: Publisher, Tags, Image')).toBeDefined();
  });

  it('shows a change of formatting alone as a change of the text', () => {
    const bold = doc(
      {
        type: 'paragraph',
        content: [{ type: 'text', text: 'The ferry leaves at nine.', marks: [{ type: 'bold' }] }],
      },
      paragraph('Tickets cost two pounds.'),
    );
    const card = open({
      live: liveArticle,
      revision: {
        ...pendingEdit,
        name: liveArticle.name,
        description: liveArticle.description,
        body: bold,
      },
    });
    const text = within(card).getByRole('group', { name: 'Description changed' });
    expect(within(text).getByText('Changed formatting of paragraph')).toBeDefined();
    expect(within(card).getByText('Unchanged: Title, Publisher, Tags, Image')).toBeDefined();
  });

  it('makes the published body of its description when the answer has none', () => {
    const card = open({
      live: { ...liveArticle, body: undefined },
      revision: { ...pendingEdit, name: liveArticle.name },
    });
    const text = within(card).getByRole('group', { name: 'Description changed' });
    expect(texts(text, 'del')).toEqual(['[removed: nine]']);
    expect(within(card).getByText('Unchanged: Title, Publisher, Tags, Image')).toBeDefined();
  });

  it('lists the text as unchanged when only other fields changed', () => {
    const card = open({
      live: liveArticle,
      revision: { ...pendingEdit, body: liveArticle.body!, description: liveArticle.description },
    });
    expect(within(card).queryByRole('group', { name: 'Description changed' })).toBeNull();
    expect(within(card).getByText('Unchanged: Publisher, Tags, Image, Description')).toBeDefined();
  });
});
