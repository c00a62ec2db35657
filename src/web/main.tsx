import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './document/AppProviders';
import { Document } from './document/Document';
import {
  pageStateId,
  reviveError,
  type PageState,
  type SerializedError,
} from './document/pageState';
import { createQueryClient } from './lib/api/queryClient';
import { routes } from './routes';
import './styles.css';

/*
 * The browser's entry. A page the server rendered (entry-server.tsx) carries its state in a JSON
 * script element: the app hydrates the whole document from it, with the same query cache and
 * router state, so the first render matches the server's HTML. Without that element (Vite's
 * development server serves index.html), the app renders itself into #root.
 */

void start();

async function start(): Promise<void> {
  const queryClient = createQueryClient();
  if (document.readyState === 'loading') {
    // The module may run before the parser has reached the state at the end of the body.
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve));
  }
  const stateElement = document.getElementById(pageStateId);
  if (!stateElement) {
    const root = document.getElementById('root');
    if (!root) throw new Error('index.html has no #root element');
    const site = { publicUrl: window.location.origin, renderedAt: new Date().toISOString() };
    createRoot(root).render(
      <StrictMode>
        <AppProviders queryClient={queryClient} site={site}>
          <RouterProvider router={createBrowserRouter(routes)} />
        </AppProviders>
      </StrictMode>,
    );
    return;
  }

  const stateJson = stateElement.textContent ?? '';
  const state = JSON.parse(stateJson) as PageState;
  hydrate(queryClient, freshQueries(state.queries));
  await loadMatchedRoutes(routes);
  const router = createBrowserRouter(routes, {
    hydrationData: {
      ...state.router,
      errors: state.router.errors && reviveErrors(state.router.errors),
    },
  });
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page: the page is already drawn, and a tap meanwhile is
  // answered as soon as the part it lands on is hydrated.
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <Document styles={state.styles} stateJson={stateJson}>
          <AppProviders queryClient={queryClient} site={state.site}>
            <RouterProvider router={router} />
          </AppProviders>
        </Document>
      </StrictMode>,
    );
  });
}

/**
 * The server's reads, as fresh as if they had just been answered: the page was answered just
 * now (a guest's page may be kept for seconds, like the API's lists it is made of), so the app
 * does not ask again at once. Failed reads get their ApiError back.
 */
function freshQueries(state: DehydratedState): DehydratedState {
  const now = Date.now();
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: {
        ...query.state,
        dataUpdatedAt: query.state.dataUpdatedAt && now,
        errorUpdatedAt: query.state.errorUpdatedAt && now,
        error: query.state.error && reviveError(query.state.error as unknown as SerializedError),
      },
    })) as DehydratedState['queries'],
  };
}

function reviveErrors(errors: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(errors).map(([id, error]) => [id, reviveError(error as SerializedError)]),
  );
}

/**
 * Loads the code of the routes on this address before hydrating: React Router would otherwise
 * draw their fallback first, which is not what the server sent.
 */
async function loadMatchedRoutes(tree: RouteObject[]): Promise<void> {
  const matches = matchRoutes(tree, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
