import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Article } from '#shared/articles';
import { articleKeys } from './articles';
import { apiFetch, apiFetchWithHeaders } from './client';
import { publisherKeys } from './publishers';
import type { Moderation } from '#shared/api/moderation';
import type {
  PremiumSplit,
  PublisherArticleCount,
  PublisherViewCount,
} from '#shared/api/statistics';
import type { CreatePublisher } from '#shared/api/publishers';
import { queryString } from '#shared/api/query-string';
import type { MakeAdmin, UserListItem, UsersRequest } from '#shared/api/users';

/*
 * The admin area's reads and writes. Only the admin pages import this module, so it stays in
 * their lazy chunks.
 */

export function moderateArticle(id: string, change: Moderation): Promise<unknown> {
  return apiFetch(`/articles/${encodeURIComponent(id)}`, { method: 'PUT', json: change });
}

/** Approve, decline or make premium; every article list is refreshed afterwards. */
export function useModerateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ article, change }: { article: Article; change: Moderation }) =>
      moderateArticle(article._id, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: articleKeys.all }),
  });
}

export const adminUserKeys = {
  all: ['users', 'admin-list'] as const,
  page: (page: number, limit: number) => [...adminUserKeys.all, page, limit] as const,
};

/** One page of users, newest first, and how many there are in all. */
export function useUserList(page: number, limit: number) {
  return useQuery({
    queryKey: adminUserKeys.page(page, limit),
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiFetchWithHeaders<UserListItem[]>(
        `/users?${queryString({ page, limit } satisfies UsersRequest)}`,
        { signal },
      );
      const total = Number(headers.get('X-Total-Count'));
      return { users: data, total: Number.isFinite(total) ? total : data.length };
    },
    placeholderData: keepPreviousData,
  });
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: UserListItem) =>
      apiFetch(`/users/${encodeURIComponent(user._id)}`, {
        method: 'PATCH',
        json: { isAdmin: true } satisfies MakeAdmin,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}

export function useAddPublisher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePublisher) => apiFetch('/publisher', { method: 'POST', json: input }),
    // Add Article's publisher box and the home page's grid read this list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publisherKeys.all }),
  });
}

/** The dashboard's figures, each from its own aggregate endpoint (typed by its schema). */
function useFigures<T>(path: string) {
  return useQuery({
    queryKey: ['admin-stats', path],
    queryFn: ({ signal }) => apiFetch<T>(path, { signal }),
  });
}

export const usePremiumSplit = () => useFigures<PremiumSplit>('/articles/premium-split');

export const usePublisherArticleCounts = () =>
  useFigures<PublisherArticleCount[]>('/publisher/articles/count');

export const usePublisherViewCounts = () =>
  useFigures<PublisherViewCount[]>('/publisher/viewcount');
