import type { MessageAnswer } from '#shared/api/message';
import { apiFetch } from './client';

/** Asks for a link to choose a new password; the answer is the same for any address. */
export async function requestPasswordReset(email: string): Promise<string> {
  const { message } = await apiFetch<MessageAnswer>('/auth/request-password-reset', {
    method: 'POST',
    json: { email },
  });
  return message;
}

/** Sets the new password with the token from the mailed link; every session of the account ends. */
export async function resetPassword(token: string, newPassword: string): Promise<string> {
  const { message } = await apiFetch<MessageAnswer>('/auth/reset-password', {
    method: 'POST',
    json: { token, newPassword },
  });
  return message;
}
