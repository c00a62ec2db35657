import { queryOptions } from '@tanstack/react-query';
import type { SignInEmail, SignInSocial } from '#shared/api/sign-in';
import { apiFetch } from '#web/lib/api/client';

/*
 * The better-auth endpoints under /api/auth, called with plain fetch: the server reshapes their
 * errors to `{ error, message }` like every other API answer, and better-auth's own client would
 * add its fetch and store layers to every page's first download for the same four calls.
 */

/** Who the session cookie belongs to, or null for a guest. */
export type Session = {
  user: { id: string; name: string; email: string; image?: string | null };
} | null;
export type SessionUser = NonNullable<Session>['user'];

export const authKeys = {
  session: ['auth', 'session'] as const,
};

/** The current session: better-auth answers 200 with null for guests, so nothing logs a 401. */
export async function getSession(signal?: AbortSignal): Promise<Session> {
  return (await apiFetch<Session | undefined>('/auth/get-session', { signal })) ?? null;
}

export function sessionQueryOptions() {
  return queryOptions({ queryKey: authKeys.session, queryFn: ({ signal }) => getSession(signal) });
}

/** Signs in with email and password; the answer sets the session cookie. */
export async function signInWithEmail(email: string, password: string): Promise<void> {
  await apiFetch('/auth/sign-in/email', {
    method: 'POST',
    json: { email, password } satisfies SignInEmail,
  });
}

export async function signOutOfServer(): Promise<void> {
  await apiFetch('/auth/sign-out', { method: 'POST', json: {} });
}

/**
 * Starts Google sign-in and answers the provider's address to send the window to. Google later
 * sends the browser back to `callbackURL`, or to `errorCallbackURL` with `?error=` on failure.
 */
export async function startGoogleSignIn(
  urls: Required<Omit<SignInSocial, 'provider'>>,
): Promise<string> {
  const { url } = await apiFetch<{ url: string }>('/auth/sign-in/social', {
    method: 'POST',
    json: { provider: 'google', ...urls } satisfies SignInSocial,
  });
  return url;
}
