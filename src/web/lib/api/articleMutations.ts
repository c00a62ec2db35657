import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Article, CreateArticle, UpdateArticle } from '#shared/articles';
import type { ContentChangeAnswer, DeletedAnswer, InsertedAnswer } from '#shared/api/writes';
import { articleKeys } from './articles';
import { revisionKeys } from './revisions';
import { apiFetch } from './client';

/** POST /api/articles: a new article, pending until an editor approves it. */
export function createArticle(input: CreateArticle): Promise<InsertedAnswer> {
  return apiFetch<InsertedAnswer>('/articles', { method: 'POST', json: input });
}

/**
 * PUT /api/articles/:id with the new content. Like the spec's client it also sends isPremium,
 * viewCount and isApproved unchanged; the server keeps its own values of those anyway.
 */
export function updateArticle(
  article: Pick<Article, '_id' | 'isPremium' | 'viewCount' | 'isApproved'>,
  input: UpdateArticle,
): Promise<ContentChangeAnswer> {
  const { isPremium, viewCount, isApproved } = article;
  return apiFetch<ContentChangeAnswer>(`/articles/${encodeURIComponent(article._id)}`, {
    method: 'PUT',
    json: { ...input, isPremium, viewCount, isApproved },
  });
}

export function deleteArticle(id: string): Promise<DeletedAnswer> {
  return apiFetch<DeletedAnswer>(`/articles/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useCreateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createArticle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: articleKeys.lists() }),
  });
}

export function useUpdateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ article, input }: { article: Article; input: UpdateArticle }) =>
      updateArticle(article, input),
    onSuccess: (_result, { article }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: articleKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: articleKeys.detail(article._id) }),
        queryClient.invalidateQueries({ queryKey: revisionKeys.all }),
      ]),
  });
}

export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArticle,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: articleKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: articleKeys.lists() });
    },
  });
}
