import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Article } from '#shared/articles';
import type { ArticleListRequest } from '#shared/api/article-list';
import { queryString } from '#shared/api/query-string';
import type { ArticleListPage } from '#shared/pages';
import { apiFetchWithHeaders } from './client';

/** One page of articles and how many match in all (the X-Total-Count header). */
export type ArticlePage = ArticleListPage;

/** Query keys for articles; the mutations in articleMutations.ts invalidate through these. */
export const articleKeys = {
  all: ['articles'] as const,
  lists: () => [...articleKeys.all, 'list'] as const,
  list: (params: ArticleListRequest) => [...articleKeys.lists(), params] as const,
  details: () => [...articleKeys.all, 'detail'] as const,
  detail: (id: string) => [...articleKeys.details(), id] as const,
  /** The article page's read (under the detail's key, so the detail's invalidation reaches it). */
  reading: (id: string) => [...articleKeys.detail(id), 'reading'] as const,
};

export async function getArticles(
  params: ArticleListRequest,
  signal?: AbortSignal,
): Promise<ArticlePage> {
  const { data, headers } = await apiFetchWithHeaders<Article[]>(
    `/articles?${queryString(params)}`,
    {
      signal,
    },
  );
  // A missing header is no total (Number(null) would make it 0).
  const total = Number.parseInt(headers.get('X-Total-Count') ?? '', 10);
  return { articles: data, total: Number.isFinite(total) ? total : data.length };
}

export function articlesQueryOptions(params: ArticleListRequest) {
  return queryOptions({
    queryKey: articleKeys.list(params),
    queryFn: ({ signal }) => getArticles(params, signal),
  });
}

/** A page of articles; while the next page loads, the previous one stays on screen. */
export function useArticles(params: ArticleListRequest) {
  return useQuery({ ...articlesQueryOptions(params), placeholderData: keepPreviousData });
}

/** A page beyond a list's last (an old link): page 2 on, with nothing on it. */
export function isPastTheEnd(list: ArticlePage, page = 1): boolean {
  return page > 1 && list.articles.length === 0;
}

/** The article `id` if a list already loaded holds it (e.g. its title for the paywall). */
export function findListedArticle(queryClient: QueryClient, id: string): Article | undefined {
  for (const [, page] of queryClient.getQueriesData<ArticlePage>({
    queryKey: articleKeys.lists(),
  })) {
    const found = page?.articles.find((article) => article._id === id);
    if (found) return found;
  }
  return undefined;
}
