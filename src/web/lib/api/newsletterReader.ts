import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MessageAnswer } from '#shared/api/message';
import type { NewsletterMine, NewsletterSendView } from '#shared/api/newsletter-reader';
import type { NewsletterChoices } from '#shared/newsletter';
import { ApiError, apiFetch } from './client';

export const newsletterReaderKeys = {
  send: (id: string) => ['newsletter', 'send', id] as const,
  mine: ['newsletter', 'me'] as const,
};

/** A send's web version as this reader may read it; null when there is no such page. */
export async function getNewsletterSend(
  id: string,
  signal?: AbortSignal,
): Promise<NewsletterSendView | null> {
  try {
    return await apiFetch<NewsletterSendView>(`/newsletter/sends/${encodeURIComponent(id)}`, {
      signal,
    });
  } catch (error) {
    // A bad number is no page either: the page says so as for an unknown one.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export function newsletterSendQueryOptions(id: string) {
  return queryOptions({
    queryKey: newsletterReaderKeys.send(id),
    queryFn: ({ signal }) => getNewsletterSend(id, signal),
  });
}

export function useNewsletterSend(id: string) {
  return useQuery(newsletterSendQueryOptions(id));
}

/** The signed-in reader's account address: its newsletter state and choices. */
export function useMyNewsletter() {
  return useQuery({
    queryKey: newsletterReaderKeys.mine,
    queryFn: ({ signal }) => apiFetch<NewsletterMine>('/newsletter/me', { signal }),
  });
}

/** Subscribes the reader's own address, or saves its choices; the answer says which. */
export async function saveMyNewsletter(choices: NewsletterChoices): Promise<string> {
  const { message } = await apiFetch<MessageAnswer>('/newsletter/me', {
    method: 'PUT',
    json: choices,
  });
  return message;
}

/** Unsubscribes the reader's own address from every newsletter. */
export async function leaveMyNewsletter(): Promise<string> {
  const { message } = await apiFetch<MessageAnswer>('/newsletter/me', { method: 'DELETE' });
  return message;
}
