import type { ModifiedAnswer } from '#shared/api/writes';
import {
  keepPreviousData,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ArticleRevision, RevisionQueueItem } from '#shared/revisions';
import { articleKeys } from './articles';
import { apiFetch, apiFetchWithHeaders } from './client';
import type { RevisionVerdict } from '#shared/api/moderation';

/*
 * Pending revisions: an author's edit of a published article, waiting for an editor while the
 * approved text stays live (docs/decisions/004-pending-revisions.md).
 */

export const revisionKeys = {
  all: ['revisions'] as const,
  article: (articleId: string) => [...revisionKeys.all, 'article', articleId] as const,
  queue: (page: number, limit: number) => [...revisionKeys.all, 'queue', page, limit] as const,
};

/** The article's edit awaiting review (its author, or an admin); none asked while `id` is undefined. */
export function useArticleRevision(articleId: string | undefined) {
  return useQuery({
    queryKey: revisionKeys.article(articleId ?? ''),
    queryFn: articleId
      ? ({ signal }) =>
          apiFetch<ArticleRevision>(`/articles/${encodeURIComponent(articleId)}/revision`, {
            signal,
          })
      : skipToken,
  });
}

/** The editors' queue (admins): one page of edits, oldest first, and how many wait in all. */
export function useRevisionQueue(page: number, limit: number) {
  return useQuery({
    queryKey: revisionKeys.queue(page, limit),
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiFetchWithHeaders<RevisionQueueItem[]>(
        `/articles/revisions?page=${page}&limit=${limit}`,
        { signal },
      );
      const total = Number(headers.get('X-Total-Count'));
      return { items: data, total: Number.isFinite(total) ? total : data.length };
    },
    placeholderData: keepPreviousData,
  });
}

/** An editor's answer to an edit; the request names the edit they reviewed. */
export type RevisionReview = RevisionVerdict;

/** Approves or declines an edit; the queue, the lists and the article are read again after. */
export function useReviewRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ revision, review }: { revision: ArticleRevision; review: RevisionReview }) =>
      apiFetch<ModifiedAnswer>(`/articles/${encodeURIComponent(revision.articleId)}/revision`, {
        method: 'PUT',
        json: { revisionId: revision._id, ...review },
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: revisionKeys.all }),
        queryClient.invalidateQueries({ queryKey: articleKeys.all }),
      ]),
  });
}
