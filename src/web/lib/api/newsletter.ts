import { useQuery } from '@tanstack/react-query';
import type { MessageAnswer } from '#shared/api/message';
import type {
  NewsletterChoices,
  NewsletterPreferences,
  NewsletterSendAnswer,
} from '#shared/newsletter';
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

/** How many subscribers an article would go to if an admin sent it now. */
export async function newsletterRecipients(articleId: string): Promise<number> {
  const { recipients } = await apiFetch<{ recipients: number }>(
    `/newsletter/sends/recipients?articleId=${encodeURIComponent(articleId)}`,
  );
  return recipients;
}

/** Sends a published article as a newsletter now (admins); once an article. */
export function sendArticleNewsletter(articleId: string): Promise<NewsletterSendAnswer> {
  return apiFetch<NewsletterSendAnswer>('/newsletter/sends', {
    method: 'POST',
    json: { articleId: Number(articleId) },
  });
}

/** Asks for the newsletter at an address; the answer is the same whatever the address's state. */
export async function subscribeNewsletter(
  email: string,
  publishers: string[] = [],
): Promise<string> {
  const { message } = await apiFetch<MessageAnswer>('/newsletter/subscribe', {
    method: 'POST',
    json: { email, publishers },
  });
  return message;
}
