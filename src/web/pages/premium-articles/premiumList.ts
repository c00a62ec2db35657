import type { ArticleListRequest } from '#shared/api/article-list';
import { pageParam } from '#web/lib/pageParam';
import { pageSizes } from '#shared/rules/limits';

export const pageSize = pageSizes.articleCards;

/** The page of approved premium articles an address asks for. */
export function premiumList(params: URLSearchParams) {
  const page = pageParam(params);
  const list: ArticleListRequest = { isPremium: true, isApproved: true, page, limit: pageSize };
  return { page, list };
}
