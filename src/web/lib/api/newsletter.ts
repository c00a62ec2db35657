import { useQuery } from '@tanstack/react-query';
import type { MessageAnswer } from '#shared/api/message';
import type { NewsletterChoices, NewsletterPreferences } from '#shared/newsletter';
import { apiFetch } from './client';

/** Confirms a newsletter subscription with the token of its mailed link. */
export async function confirmNewsletter(token: string): Promise<string> {
  const { message } = await apiFetch<MessageAnswer>('/newsletter/confirm', {
    method: 'POST',
    json: { token },
  });
  return message;
}

export const newsletterKeys = {
  preferences: (token: string) => ['newsletter', 'preferences', token] as const,
};

const tokenQuery = (token: string) => `?token=${encodeURIComponent(token)}`;

/** A subscriber's address, state and choices, by their own link's token. */
export function useNewsletterPreferences(token: string) {
  return useQuery({
    queryKey: newsletterKeys.preferences(token),
    queryFn: ({ signal }) =>
      apiFetch<NewsletterPreferences>(`/newsletter/preferences${tokenQuery(token)}`, { signal }),
    enabled: token !== '',
    retry: false,
  });
}

/** Saves a subscriber's choices; the answer's message says whether they are still subscribed. */
export async function saveNewsletterChoices(
  token: string,
  choices: NewsletterChoices,
): Promise<string> {
  const { message } = await apiFetch<MessageAnswer>(`/newsletter/preferences${tokenQuery(token)}`, {
    method: 'PUT',
    json: choices,
  });
  return message;
}

/** Unsubscribes the link's subscriber from every newsletter. */
export async function unsubscribeNewsletter(token: string): Promise<string> {
  const { message } = await apiFetch<MessageAnswer>(`/newsletter/unsubscribe${tokenQuery(token)}`, {
    method: 'POST',
  });
  return message;
}
