import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArticleReading } from '#shared/pages';
import { articleKeys } from './articles';
import { ApiError, apiFetch } from './client';

/**
 * The article as this reader may read it (GET /api/articles/:id/reading): in full, or, for a
 * premium article they are not entitled to, its preview. Null when it does not exist for them.
 */
export async function getArticleReading(
  id: string,
  signal?: AbortSignal,
): Promise<ArticleReading | null> {
  try {
    return await apiFetch<ArticleReading>(`/articles/${encodeURIComponent(id)}/reading`, {
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function articleReadingQueryOptions(id: string) {
  return queryOptions({
    queryKey: articleKeys.reading(id),
    queryFn: ({ signal }) => getArticleReading(id, signal),
  });
}

export function useArticleReading(id: string) {
  return useQuery(articleReadingQueryOptions(id));
}
