import { flagParam } from '#shared/api/query-string';
import type { SearchParams } from '#shared/api/search-query';
import { searchLimits } from '#shared/search';
import { parseTagList } from '#shared/tags';
import { paths } from '#shared/paths';
import { searchQueryString } from '#web/lib/api/search';
import { pageParam } from '#web/lib/pageParam';

/** What /search shows, as its address holds it (?q=&publisher=&tags=&premium=&page=). */
export interface SearchState {
  q: string;
  publisher: string;
  tags: string[];
  premium: boolean | undefined;
  page: number;
}

export function searchStateOf(params: URLSearchParams): SearchState {
  return {
    q: (params.get('q') ?? '').trim(),
    publisher: (params.get('publisher') ?? '').trim(),
    // Sorted, as the API's query reads them.
    tags: parseTagList(params.get('tags') ?? '').sort(),
    premium: flagParam(params.get('premium')),
    page: pageParam(params),
  };
}

/** Whether the words can be searched for (the server says why when they cannot). */
export function searchable(state: SearchState): boolean {
  return /[\p{L}\p{N}]/u.test(state.q);
}

/** The API's query for the page (the same on the server's render and in the browser). */
export function searchRequest(state: SearchState): SearchParams {
  return {
    q: state.q,
    ...(state.publisher && { publisher: state.publisher }),
    ...(state.tags.length > 0 && { tags: state.tags }),
    ...(state.premium !== undefined && { premium: state.premium }),
    page: state.page,
    limit: searchLimits.pageSize,
  };
}

/** The address of a search: a facet's or a filter's link, another page. */
export function searchHref(state: SearchState): string {
  // The page's address carries what the API's query does, but the page size, which is fixed.
  const { limit: _limit, ...params } = searchRequest(state);
  return `${paths.search}?${searchQueryString(params)}`;
}

/** `state` narrowed or widened by `change`, from its first page. */
export function refined(state: SearchState, change: Partial<SearchState>): SearchState {
  return { ...state, ...change, page: 1 };
}
