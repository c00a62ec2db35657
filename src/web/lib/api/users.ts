import { queryString } from '#shared/api/query-string';
import type { UsersRequest } from '#shared/api/users';
import { queryOptions } from '@tanstack/react-query';
import type { UserRecord } from '#shared/accounts';
import type { MessageAnswer } from '#shared/api/message';
import { apiFetch } from './client';

/** Query keys for user records; sign-out removes everything under `all`. */
export const userKeys = {
  all: ['users'] as const,
  record: (email: string) => ['users', 'record', email] as const,
};

/** The signed-in user's own record (roles, premium state, posting counters). */
export function getUserRecord(email: string, signal?: AbortSignal): Promise<UserRecord> {
  return apiFetch<UserRecord>(`/users?${queryString({ email } satisfies UsersRequest)}`, {
    signal,
  });
}

export function userRecordQueryOptions(email: string) {
  return queryOptions({
    queryKey: userKeys.record(email),
    queryFn: ({ signal }) => getUserRecord(email, signal),
  });
}

/** Changes the signed-in user's name and, when a file is given, photo. */
export function updateProfile(input: { name: string; photo?: File | null }): Promise<UserRecord> {
  const body = new FormData();
  body.set('name', input.name);
  if (input.photo) body.set('photo', input.photo);
  return apiFetch<UserRecord>('/users/me', { method: 'PATCH', body });
}

/** Mails the signed-in user a new link to confirm their address; answers what to tell them. */
export async function sendVerificationEmail(): Promise<string> {
  const { message } = await apiFetch<MessageAnswer>('/users/me/verification-email', {
    method: 'POST',
  });
  return message;
}

/** Turns the newsroom's notices by mail on or off; answers the updated record. */
export function setEmailNotices(emailNotices: boolean): Promise<UserRecord> {
  return apiFetch<UserRecord>('/users/me/notices', { method: 'PUT', json: { emailNotices } });
}
