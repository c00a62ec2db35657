import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static.edge';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import type { PageRenderer, PageRequest, Viewer } from '#shared/pages';
import { AppProviders } from './document/AppProviders';
import { Document } from './document/Document';
import { pageStateJson, serializeError, type PageState } from './document/pageState';
import type { RouteHandle } from './layouts/routeHandle';
import { createQueryClient } from './lib/api/queryClient';
import { userKeys } from './lib/api/users';
import { authKeys, type Session } from './lib/auth/authApi';
import { routes } from './routes';
import { withLoaders, type LoaderContext } from './ssr/pageLoaders';
import { pageMatcher } from './ssr/pageMatch';

/*
 * The server's entry (built by `vite build --ssr` into dist/ssr): React Router's static handler
 * runs the page's loaders, which fill a TanStack Query cache with the server's own reads; React
 * renders the whole document from that cache; the cache and the router's state go into the page
 * as JSON for the browser to hydrate from (main.tsx). The server decides who may read what
 * (PageData): nothing in the HTML or the state is more than the caller's API answers would be.
 */

const handler = createStaticHandler(withLoaders(routes));

export const matchPage: PageRenderer['matchPage'] = pageMatcher(routes);

export const renderPage: PageRenderer['renderPage'] = async (request) => {
  const queryClient = createQueryClient();
  seedViewer(queryClient, request.data.viewer);
  const context = await handler.query(new Request(new URL(request.url, request.publicUrl)), {
    requestContext: { queryClient, data: request.data } satisfies LoaderContext,
  });
  // A loader's redirect (a guest on a reader's own page) is the whole answer.
  if (context instanceof Response) {
    const location = context.headers.get('Location');
    if (context.status >= 300 && context.status < 400 && location) {
      return { status: context.status, html: '', location };
    }
    throw new Error(`A loader answered ${context.status}`);
  }

  // A form posted without script: the server's outcome is the page's action data, as a
  // route action's would be, which the form shows (lib/formOutcome.ts).
  const page = context.matches.at(-1)?.route.id;
  if (request.form && page) context.actionData = { [page]: request.form };

  const state: PageState = {
    site: { publicUrl: request.publicUrl, renderedAt: new Date().toISOString() },
    styles: request.assets.styles,
    queries: dehydrateQueries(queryClient),
    router: {
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: context.errors && mapValues(context.errors, serializeError),
    },
  };
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await renderDocument(
    <Document
      styles={state.styles}
      stateJson={pageStateJson(state)}
      preloads={[...request.assets.preloads, ...routePreloads(context, request)]}
    >
      <AppProviders queryClient={queryClient} site={state.site}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </Document>,
    request.assets.script,
  );
  return { status: statusOf(context, queryClient), html };
};

/** Who is reading, in the cache under the keys AuthProvider reads (never the session token). */
function seedViewer(queryClient: QueryClient, viewer: Viewer): void {
  const session: Session = viewer ? { user: viewer.user } : null;
  queryClient.setQueryData(authKeys.session, session);
  if (viewer) queryClient.setQueryData(userKeys.record(viewer.user.email), viewer.record);
}

/** The cache, with failed reads too (the page shows them), their errors reduced to JSON. */
function dehydrateQueries(queryClient: QueryClient) {
  const dehydrated = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' || query.state.status === 'error',
  });
  for (const query of dehydrated.queries) {
    if (query.state.error) {
      query.state = { ...query.state, error: serializeError(query.state.error) as never };
    }
  }
  return dehydrated;
}

/** The status a loader set (404), or a failed read's, whichever is worse. */
function statusOf(context: StaticHandlerContext, queryClient: QueryClient): number {
  let status = context.statusCode;
  for (const query of queryClient.getQueryCache().getAll()) {
    const error = query.state.error as { status?: unknown } | null;
    if (!error) continue;
    const failed = typeof error.status === 'number' && error.status >= 400 ? error.status : 500;
    status = Math.max(status, failed);
  }
  return status;
}

/** The matched pages' own chunks, so the browser fetches them with the app's entry. */
function routePreloads(context: StaticHandlerContext, request: PageRequest): string[] {
  return context.matches.flatMap((match) => {
    const module = (match.route.handle as RouteHandle | undefined)?.module;
    return module ? (request.assets.routeModules[module] ?? []) : [];
  });
}

/**
 * The whole document, once every part of it is ready (bots and caches want it complete).
 *
 * React's web-streams build, not its Node one: the Node build runs each render inside an
 * AsyncLocalStorage, and on Node 20 and 22 the first such run turns on promise hooks for the
 * whole process, for good. Every promise any request makes then costs more: with the hooks on,
 * the bare route and a stored article page served up to a third fewer requests a second
 * (docs/PERFORMANCE.md, item 35). Without AsyncLocalStorage in the global scope the web-streams
 * build uses none.
 */
async function renderDocument(element: ReactNode, script: string): Promise<string> {
  let failure: unknown;
  const { prelude } = await prerender(element, {
    bootstrapModules: [script],
    onError(error) {
      // A part that fails on the server would be drawn by the browser instead; here a page
      // must be whole, so the render fails.
      failure ??= error;
    },
  });
  if (failure) throw failure;
  return new Response(prelude).text();
}

function mapValues<T, U>(record: Record<string, T>, map: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}
