import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BeaconEvent } from '#shared/api/analytics';
import { PageBeacon } from './PageBeacon';

let sent: BeaconEvent[];

beforeEach(() => {
  sent = [];
  // The browser's own part the beacon hands its events to.
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (_url: string, body: string) => sent.push(JSON.parse(body) as BeaconEvent) > 0,
  });
});

afterEach(() => {
  cleanup();
  Object.defineProperty(navigator, 'doNotTrack', { configurable: true, value: null });
});

/** The public layout's beacon over two counted pages and the sign-in page, by their ids. */
function renderAt(address: string) {
  const page = (name: string) => (
    <>
      <h1>{name}</h1>
      <Link to="/allpublishedarticles?page=2">All Articles</Link>
      <Link to="/login">Login</Link>
    </>
  );
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Outlet />
            <PageBeacon />
          </>
        ),
        children: [
          { id: 'article', path: 'articles/:id', element: page('Article') },
          { id: 'all-articles', path: 'allpublishedarticles', element: page('All Articles') },
          { id: 'login', path: 'login', element: page('Login') },
        ],
      },
    ],
    { initialEntries: [address] },
  );
  render(<RouterProvider router={router} />);
}

describe('the page beacon in the public layout', () => {
  it('counts the public pages shown, and not the sign-in page', async () => {
    renderAt('/articles/7');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ type: 'pageview', path: '/articles/7' });

    act(() => screen.getByRole('link', { name: 'All Articles' }).click());
    await waitFor(() => expect(sent.at(-1)?.type).toBe('pageview'));
    expect(sent.at(-1)).toEqual({ type: 'pageview', path: '/allpublishedarticles?page=2' });

    const before = sent.length;
    act(() => screen.getByRole('link', { name: 'Login' }).click());
    await screen.findByRole('heading', { name: 'Login' });
    // Only the end of the All Articles view, if it had anything to say.
    expect(sent.slice(before).every((event) => event.type === 'engagement')).toBe(true);
  });

  it('sends nothing when the reader asks not to be followed', async () => {
    Object.defineProperty(navigator, 'doNotTrack', { configurable: true, value: '1' });
    renderAt('/articles/7');
    await screen.findByRole('heading', { name: 'Article' });
    // Long enough for the beacon's module to have loaded, had it been asked for.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent).toEqual([]);
  });
});
