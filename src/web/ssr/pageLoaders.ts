import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { data, redirect, type LoaderFunction } from 'react-router';
import type { PageData, PageDataError } from '#shared/pages';
import { articleReadingQueryOptions } from '#web/lib/api/articleReading';
import { articlesQueryOptions, isPastTheEnd, type ArticlePage } from '#web/lib/api/articles';
import type { ArticleListRequest } from '#shared/api/article-list';
import { ApiError } from '#web/lib/api/client';
import { publishersQueryOptions } from '#web/lib/api/publishers';
import { statisticsQueryOptions } from '#web/lib/api/statistics';
import { trendingParams } from '#web/lib/api/trending';
import { originOf, withOrigin } from '#web/lib/auth/origin';
import { googleReturnParams } from '#web/pages/login/useGoogleReturn';
import { allArticlesSearch } from '#web/pages/all-published-articles/search';
import { premiumList } from '#web/pages/premium-articles/premiumList';
import { searchable, searchRequest, searchStateOf } from '#web/pages/search/searchState';
import { searchQueryOptions } from '#web/lib/api/search';
import { newsletterKeys } from '#web/lib/api/newsletter';
import { newsletterSendQueryOptions } from '#web/lib/api/newsletterReader';
import { paths } from '#shared/paths';
import { giftParam } from '#shared/rules/gifts';

/** What the server gives every loader: this page's query cache and its own reads. */
export interface LoaderContext {
  queryClient: QueryClient;
  data: PageData;
}

type PageLoader = (args: {
  request: Request;
  params: Record<string, string | undefined>;
  context: LoaderContext;
}) => Promise<unknown>;

/**
 * The server's loaders, by route id (routes.tsx). Each fills the query cache under the keys the
 * page's hooks read, with the server's own reads instead of requests to its API, so the page
 * renders complete and the browser hydrates it from the same cache. The browser's routes have
 * none of these: there, pages fetch what is not in the cache, as they always did. A failed read
 * stays in the cache as an error, which the page shows (LoadError) and the status reports.
 */
export const pageLoaders: Record<string, PageLoader> = {
  home: async ({ context }) => {
    await Promise.all([
      prefetchList(context, trendingParams),
      prefetch(context, publishersQueryOptions().queryKey, () => context.data.publishers()),
      prefetch(context, statisticsQueryOptions().queryKey, () => context.data.statistics()),
    ]);
    return null;
  },
  // A reader already signed in has nothing to do here: on to the page they came for, or home.
  // Google's return (signedIn, error) is the login page's own to finish in the browser.
  login: async ({ request, context }) => alreadySignedIn(request, context),
  register: async ({ request, context }) => alreadySignedIn(request, context),
  'all-articles': async ({ request, context }) => {
    const { list } = allArticlesSearch(new URL(request.url).searchParams);
    await Promise.all([
      prefetchList(context, list),
      // The search form suggests the publishers' names.
      prefetch(context, publishersQueryOptions().queryKey, () => context.data.publishers()),
    ]);
    return pastTheEnd(context, list);
  },
  // A reader's own pages: a guest is sent to log in, and back here afterwards (the address
  // carries the way back, as Google's sign-in does), with or without JavaScript.
  'signed-in': async ({ request, context }) => {
    if (context.data.viewer) return null;
    const { pathname, search } = new URL(request.url);
    return redirect(withOrigin(paths.login, pathname + search));
  },
  'premium-articles': async ({ request, context }) => {
    // A guest is sent to log in (above): nothing to read for them.
    if (!context.data.viewer) return null;
    const { list } = premiumList(new URL(request.url).searchParams);
    await prefetchList(context, list);
    return pastTheEnd(context, list);
  },
  article: async ({ request, params, context }) => {
    const id = params.id ?? '';
    // A gift link's page: the server reads it with the gift's meter (gifts/gift-links.ts).
    const gift = new URL(request.url).searchParams.get(giftParam) ?? undefined;
    const { queryKey } = articleReadingQueryOptions(id, gift);
    await prefetch(context, queryKey, () => context.data.reading(id));
    // Missing, pending, declined or a malformed id: the public gets a real 404.
    return context.queryClient.getQueryData(queryKey) === null ? data(null, { status: 404 }) : null;
  },
  search: async ({ request, context }) => {
    const state = searchStateOf(new URL(request.url).searchParams);
    if (!searchable(state)) return null;
    const params = searchRequest(state);
    await prefetch(context, searchQueryOptions(params).queryKey, () => context.data.search(params));
    return null;
  },
  'newsletter-send': async ({ params, context }) => {
    const id = params.id ?? '';
    const { queryKey } = newsletterSendQueryOptions(id);
    await prefetch(context, queryKey, () => context.data.newsletterSend(id));
    return context.queryClient.getQueryData(queryKey) === null ? data(null, { status: 404 }) : null;
  },
  // The choices, and the publishers to choose from: the form works before the script runs.
  'newsletter-preferences': async ({ request, context }) => {
    const token = new URL(request.url).searchParams.get('token');
    if (!token) return null;
    await Promise.all([
      prefetch(context, newsletterKeys.preferences(token), () =>
        context.data.newsletterPreferences(token),
      ),
      prefetch(context, publishersQueryOptions().queryKey, () => context.data.publishers()),
    ]);
    return null;
  },
  'not-found': async () => data(null, { status: 404 }),
};

/** The routes with their server loaders added (a copy; the routes given are left as they are). */
export function withLoaders<R extends { id?: string; children?: R[] }>(routes: R[]): R[] {
  return routes.map((route) => {
    const loader = route.id ? pageLoaders[route.id] : undefined;
    return {
      ...route,
      ...(loader && { loader: loader as unknown as LoaderFunction }),
      ...(route.children && { children: withLoaders(route.children) }),
    };
  });
}

function alreadySignedIn(request: Request, context: LoaderContext) {
  const { search } = new URL(request.url);
  const params = new URLSearchParams(search);
  const googleReturn = params.has(googleReturnParams.signedIn) || params.has('error');
  if (!context.data.viewer || googleReturn) return null;
  return redirect(originOf({ search, state: null }));
}

/**
 * A list's page past its end (an old link, a made-up number) is no page: 404, so search
 * engines drop it rather than index an empty list. The page still says where the list ends.
 */
function pastTheEnd(context: LoaderContext, params: ArticleListRequest) {
  const list = context.queryClient.getQueryData<ArticlePage>(articlesQueryOptions(params).queryKey);
  return list && isPastTheEnd(list, params.page) ? data(null, { status: 404 }) : null;
}

function prefetchList(context: LoaderContext, params: ArticleListRequest) {
  return prefetch(context, articlesQueryOptions(params).queryKey, () =>
    context.data.articles(params),
  );
}

function prefetch(context: LoaderContext, queryKey: QueryKey, read: () => Promise<unknown>) {
  return context.queryClient.prefetchQuery({
    queryKey,
    queryFn: () => read().catch(asApiError),
  });
}

/** A refused read becomes the ApiError the browser's request would have thrown. */
function asApiError(error: unknown): never {
  const refused = error as Partial<PageDataError> | null;
  if (typeof refused?.status === 'number' && typeof refused.error === 'string') {
    throw new ApiError(refused.status, refused.error, refused.message ?? '');
  }
  throw error;
}
