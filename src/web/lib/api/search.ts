import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchAnswer } from '#shared/api/search';
import type { SearchParams } from '#shared/search';
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
  const query = new URLSearchParams({ q: params.q });
  if (params.publisher) query.set('publisher', params.publisher);
  if (params.tags?.length) query.set('tags', params.tags.join(','));
  if (params.premium !== undefined) query.set('premium', String(params.premium));
  if (params.page !== undefined && params.page > 1) query.set('page', String(params.page));
  if (params.limit !== undefined) query.set('limit', String(params.limit));
  return query.toString();
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
