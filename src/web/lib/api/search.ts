import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchAnswer } from '#shared/api/search';
import { queryString } from '#shared/api/query-string';
import type { SearchParams } from '#shared/api/search-query';
import { apiFetch } from './client';

/**
 * Query keys for site search. An answer depends on whether the reader may read premium text,
 * so signing in or out drops them all (AuthProvider).
 */
export const searchKeys = {
  all: ['search'] as const,
  results: (params: SearchParams) => [...searchKeys.all, params] as const,
};

/** GET /api/search's query string for `params`; empty values are left out. */
export function searchQueryString(params: SearchParams): string {
  const { q, publisher, tags, premium, page, limit } = params;
  return queryString({
    q,
    publisher,
    tags,
    premium,
    page: page && page > 1 ? page : undefined,
    limit,
  });
}

export function searchQueryOptions(params: SearchParams) {
  return queryOptions({
    queryKey: searchKeys.results(params),
    queryFn: ({ signal }) =>
      apiFetch<SearchAnswer>(`/search?${searchQueryString(params)}`, { signal }),
  });
}

/** A page of search results; while the next loads, the previous stays on screen. */
export function useSearch(params: SearchParams, enabled: boolean) {
  return useQuery({ ...searchQueryOptions(params), enabled, placeholderData: keepPreviousData });
}
