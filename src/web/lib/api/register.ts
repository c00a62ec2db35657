import type { Registration, UserRecord } from '#shared/accounts';
import { apiFetch } from './client';

/**
 * Creates an account with its photo in one multipart request. The answer sets the session
 * cookie: the new user is signed in. `from` is the page the reader registers from (an article's
 * wall), which the site's analytics credit with the account.
 */
export async function registerAccount(
  input: Registration & { photo: File },
  from?: string,
): Promise<UserRecord> {
  const body = new FormData();
  body.set('name', input.name);
  body.set('email', input.email);
  body.set('password', input.password);
  body.set('photo', input.photo);
  const { user } = await apiFetch<{ user: UserRecord }>(
    from ? `/register?from=${encodeURIComponent(from)}` : '/register',
    { method: 'POST', body },
  );
  return user;
}
