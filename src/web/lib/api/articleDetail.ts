import { skipToken, useQuery } from '@tanstack/react-query';
import type { Article } from '#shared/articles';
import { articleKeys } from './articles';
import { apiFetch } from './client';

/** One article in full: 403 for a premium article without access, 404 when not published. */
export function getArticleDetail(id: string, signal?: AbortSignal): Promise<Article> {
  return apiFetch<Article>(`/articledetail/${encodeURIComponent(id)}`, { signal });
}

/** The article `id`, or nothing while `id` is undefined (e.g. already known from elsewhere). */
export function useArticleDetail(id: string | undefined) {
  return useQuery({
    queryKey: articleKeys.detail(id ?? ''),
    queryFn: id ? ({ signal }) => getArticleDetail(id, signal) : skipToken,
  });
}

/** Counts one view of the article (PATCH /api/articledetail/:id; the server adds exactly 1). */
export async function addArticleView(id: string): Promise<void> {
  await apiFetch(`/articledetail/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: {},
  });
}
