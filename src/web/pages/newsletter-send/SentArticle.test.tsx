import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { NewsletterSendArticle } from '#shared/api/newsletter-reader';
import { plainTextToBody } from '#shared/article-body/plain-text';
import { paths } from '#shared/paths';
import { SentArticle } from './SentArticle';

afterEach(cleanup);

const article: NewsletterSendArticle = {
  _id: '12',
  name: 'Pier vote tonight',
  publisher: 'Harbour Herald',
  isPremium: true,
  body: plainTextToBody('The harbour board met at dawn.'),
  fullText: false,
  authorIsAdmin: false,
};

function show(sent: NewsletterSendArticle, opening = false) {
  const router = createMemoryRouter([
    { path: '/', element: <SentArticle article={sent} opening={opening} /> },
  ]);
  render(<RouterProvider router={router} />);
}

const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('an article of a newsletter’s web version', () => {
  it('shows what the server sent, and leads a reader who may not read the rest to the plans', () => {
    show(article);
    expect(screen.getByRole('article', { name: 'Pier vote tonight' })).toBeTruthy();
    expect(screen.getByText('The harbour board met at dawn.')).toBeTruthy();
    expect(screen.getByText('Harbour Herald · Premium article')).toBeTruthy();
    expect(href('Subscribe to read it')).toBe(paths.subscription);
    // Sent alone, its title is the page's own heading.
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('leads a reader who may read it to the article: on, or to the rest of a digest’s opening', () => {
    show({ ...article, fullText: true });
    expect(href('Read it on Tribune')).toBe(paths.article('12'));
    expect(screen.queryByRole('link', { name: 'Subscribe to read it' })).toBeNull();
    cleanup();
    show({ ...article, fullText: true, isPremium: false }, true);
    expect(href('Read the rest “Pier vote tonight”')).toBe(paths.article('12'));
    expect(screen.getByRole('heading', { level: 2, name: 'Pier vote tonight' })).toBeTruthy();
    expect(href('Pier vote tonight')).toBe(paths.article('12'));
    expect(screen.getByText('Harbour Herald')).toBeTruthy();
  });
});
