import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  NewsletterSendProgress,
  NewsletterSendsRequest,
  NewsletterStats,
} from '#shared/api/newsletter-ops';
import { queryString } from '#shared/api/query-string';
import { apiFetch, apiFetchWithHeaders } from './client';

/*
 * The newsletter on the admin's dashboard: subscribers a day, and the sends' progress. Only the
 * dashboard imports this module, so it stays in the admin's chunk.
 */

export const newsletterOpsKeys = {
  stats: (days: number) => ['newsletter', 'stats', days] as const,
  sends: (page: number) => ['newsletter', 'sends', page] as const,
};

/** How often the sends are read again while one of them is going out. */
export const sendingRefreshMs = 3_000;

/** Read again every few seconds while a send on the page is going out; otherwise not. */
export function refreshWhileSending(sends: readonly NewsletterSendProgress[] | undefined) {
  return sends?.some((send) => send.status === 'sending') ? sendingRefreshMs : false;
}

export function useNewsletterStats(days: number) {
  return useQuery({
    queryKey: newsletterOpsKeys.stats(days),
    queryFn: ({ signal }) =>
      apiFetch<NewsletterStats>(`/newsletter/stats?${queryString({ days })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The sends a page shows. */
export const sendsPageSize = 10;

/** One page of the sends, newest first, with how many there are in all. */
export function useNewsletterSends(page: number) {
  return useQuery({
    queryKey: newsletterOpsKeys.sends(page),
    queryFn: async ({ signal }) => {
      const request = { page, limit: sendsPageSize } satisfies NewsletterSendsRequest;
      const { data, headers } = await apiFetchWithHeaders<NewsletterSendProgress[]>(
        `/newsletter/sends?${queryString(request)}`,
        { signal },
      );
      const total = Number(headers.get('X-Total-Count'));
      return { sends: data, total: Number.isFinite(total) ? total : data.length };
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) => refreshWhileSending(query.state.data?.sends),
  });
}
