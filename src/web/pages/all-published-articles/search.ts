import type { ArticleListRequest } from '#shared/api/article-list';
import { pageParam } from '#web/lib/pageParam';
import type { ArticleSearch } from './SearchForm';
import { pageSizes } from '#shared/rules/limits';
import { paths } from '#shared/paths';
import { parseTagList } from '#shared/tags';

export const pageSize = pageSizes.articleCards;

/** What All Articles shows for its address: the search, the page, and the list it reads. */
export function allArticlesSearch(params: URLSearchParams) {
  const search: ArticleSearch = {
    title: params.get('title') ?? '',
    publisher: params.get('publisher') ?? '',
    tags: params.get('tags') ?? '',
  };
  const page = pageParam(params);
  const list: ArticleListRequest = {
    isApproved: true,
    title: search.title,
    publisher: search.publisher,
    tags: parseTagList(search.tags),
    page,
    limit: pageSize,
  };
  return { search, page, list };
}

/**
 * The page's own address for search engines: the search without its empty fields (a form sent
 * without JavaScript sends them all), and the page from 2 on.
 */
export function canonicalPath(search: ArticleSearch, page: number): string {
  const query = new URLSearchParams(
    Object.entries(search).filter(([, value]) => value.trim() !== ''),
  );
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${paths.allArticles}?${text}` : paths.allArticles;
}
