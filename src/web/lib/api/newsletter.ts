import type { MessageAnswer } from '#shared/api/message';
import { apiFetch } from './client';

/** Confirms a newsletter subscription with the token of its mailed link. */
export async function confirmNewsletter(token: string): Promise<string> {
  const { message } = await apiFetch<MessageAnswer>('/newsletter/confirm', {
    method: 'POST',
    json: { token },
  });
  return message;
}
