import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArticleListRequest } from '#shared/api/article-list';
import { articlesQueryOptions } from './articles';

/** Spec: the trending carousel shows the 6 most viewed approved articles. */
export const trendingParams: ArticleListRequest = {
  isApproved: true,
  sortBy: 'viewCount',
  limit: 6,
};

/**
 * An ordinary article list under the lists' key (it caches an ArticlePage like the others), so
 * adding or approving an article refreshes the carousel too, and the detail page's paywall finds
 * a trending article's title there.
 */
export function trendingQueryOptions() {
  return queryOptions({
    ...articlesQueryOptions(trendingParams),
    select: (page) => page.articles,
  });
}

export function useTrendingArticles() {
  return useQuery(trendingQueryOptions());
}
