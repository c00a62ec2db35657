import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArticleReading } from '#shared/pages';
import { articleKeys } from './articles';
import { ApiError, apiFetch } from './client';

/**
 * The article as this reader may read it (GET /api/articles/:id/reading): in full, or, for a
 * premium article they are not entitled to, its preview. Null when it does not exist for them.
 * `gift` is a gift link's token (decision 024), which may open it in full.
 */
export async function getArticleReading(
  id: string,
  gift?: string,
  signal?: AbortSignal,
): Promise<ArticleReading | null> {
  const query = gift === undefined ? '' : `?gift=${encodeURIComponent(gift)}`;
  try {
    return await apiFetch<ArticleReading>(`/articles/${encodeURIComponent(id)}/reading${query}`, {
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** A gift link's read is kept apart from the plain one, under the same article's keys. */
export function articleReadingQueryOptions(id: string, gift?: string) {
  return queryOptions({
    queryKey: gift === undefined ? articleKeys.reading(id) : [...articleKeys.reading(id), gift],
    queryFn: ({ signal }) => getArticleReading(id, gift, signal),
  });
}

export function useArticleReading(id: string, gift?: string) {
  return useQuery(articleReadingQueryOptions(id, gift));
}
