import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Article } from '#shared/articles';
import { liveArticle, pendingEdit, texts } from '#web/test/revisionData';
import { StatusCell } from './StatusCell';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The addresses the page asked the API for. */
let asked: string[];

/** Answers the article's edit and its detail as the API would, or `failing` with a 404. */
function serve(failing?: string) {
  asked = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    const answers: Record<string, unknown> = {
      [`/api/articles/${liveArticle._id}/revision`]: pendingEdit,
      [`/api/articledetail/${liveArticle._id}`]: liveArticle,
    };
    if (url === failing || !(url in answers)) {
      return Promise.resolve(
        Response.json(
          { error: 'not_found', message: 'This article has no edit awaiting review' },
          { status: 404 },
        ),
      );
    }
    return Promise.resolve(Response.json(answers[url]));
  });
}

beforeEach(() => serve());

function show(article: Article = liveArticle) {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <StatusCell article={article} />
    </QueryClientProvider>,
  );
}

describe("the author's edit awaiting review on My Articles", () => {
  it('opens the edit as the editors see it: the text as a diff beside the published version', async () => {
    show();
    const open = screen.getByRole('button', { name: 'See changes' });
    expect(open.getAttribute('aria-haspopup')).toBe('dialog');
    await userEvent.click(open);

    const dialog = await screen.findByRole('dialog', {
      name: `Your edit of “${liveArticle.name}”`,
    });
    const text = await within(dialog).findByRole('group', { name: 'Description changed' });
    expect(asked.sort()).toEqual([
      `/api/articledetail/${liveArticle._id}`,
      `/api/articles/${liveArticle._id}/revision`,
    ]);
    const edit = within(text).getByRole('group', { name: 'Edit, with its changes marked' });
    expect(texts(edit, 'ins')).toEqual(['[added: now ]', '[added: ten]']);
    expect(texts(edit, 'del')).toEqual(['[removed: nine]']);
    expect(within(text).getByRole('group', { name: 'Published text' }).textContent).toContain(
      'The ferry leaves at nine.',
    );
    expect(within(dialog).getByRole('group', { name: 'Title changed' })).toBeDefined();
    // Described: what the marks mean and that readers still see the published version.
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^Readers see the published version until an editor approves your edit\./,
    );
  });

  it('moves focus into the dialog, and back to See changes when it closes', async () => {
    show();
    const open = screen.getByRole('button', { name: 'See changes' });
    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.contains(document.activeElement)).toBe(true);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it('says so when the edit cannot be read, with a Retry', async () => {
    serve(`/api/articles/${liveArticle._id}/revision`);
    show();
    await userEvent.click(screen.getByRole('button', { name: 'See changes' }));
    const alert = await within(await screen.findByRole('dialog')).findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load your edit.");
    expect(alert.textContent).toContain('This article has no edit awaiting review');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeDefined();
  });

  it('offers no changes to see without an edit waiting', () => {
    show({ ...liveArticle, pendingRevision: null });
    expect(screen.queryByRole('button', { name: 'See changes' })).toBeNull();
  });
});
