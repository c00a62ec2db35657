import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Gift, GiftLink } from '#shared/api/gifts';
import { queryString } from '#shared/api/query-string';
import { giftPageSize } from '#shared/rules/gifts';
import { apiFetch, apiFetchWithHeaders } from './client';

/* Gift links (decision 024): giving one from an article, the giver's list, revoking. */

export const giftKeys = {
  all: ['gifts'] as const,
  mine: (page: number) => ['gifts', 'mine', page] as const,
};

/** The reader's link for the article: a new one (one of this month's), or their live one. */
export function giveArticle(articleId: string): Promise<GiftLink> {
  return apiFetch<GiftLink>(`/articles/${encodeURIComponent(articleId)}/gifts`, {
    method: 'POST',
  });
}

/** One page of the reader's own gift links, newest first, with how many there are in all. */
export function useMyGifts(page: number) {
  return useQuery({
    queryKey: giftKeys.mine(page),
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiFetchWithHeaders<Gift[]>(
        `/gifts?${queryString({ page, limit: giftPageSize })}`,
        { signal },
      );
      const total = Number(headers.get('X-Total-Count'));
      return { gifts: data, total: Number.isFinite(total) ? total : data.length };
    },
    placeholderData: keepPreviousData,
  });
}

export function revokeGift(id: number): Promise<{ revokedCount: number }> {
  return apiFetch(`/gifts/${id}`, { method: 'DELETE' });
}

/** An admin's: every live gift link on the site. */
export function revokeAllGifts(): Promise<{ revokedCount: number }> {
  return apiFetch('/gifts', { method: 'DELETE' });
}
