import { freePostLimit } from '#shared/rules/posting';
import type { UserRecord } from '#shared/accounts';
import type { SessionUser } from './authApi';
import type { AuthState } from './authContext';

/**
 * Who is using the site, from the session and the user's record: loading until both are known,
 * and no role granted before the record says so.
 */
export function authState(
  sessionPending: boolean,
  sessionUser: SessionUser | null,
  record: UserRecord | undefined,
  recordFailed: boolean,
): AuthState {
  const nobody = { user: null, isAdmin: false, isPremium: false } as const;
  if (sessionPending) return { status: 'loading', ...nobody };
  if (!sessionUser) return { status: 'signedOut', ...nobody };
  if (record) {
    return {
      status: 'signedIn',
      user: record,
      isAdmin: record.isAdmin,
      isPremium: record.isPremium,
    };
  }
  if (!recordFailed) return { status: 'loading', ...nobody };
  // Signed in, but the record could not be read: show the person, grant no role.
  return {
    status: 'signedIn',
    user: {
      _id: sessionUser.id,
      name: sessionUser.name,
      email: sessionUser.email,
      photoURL: sessionUser.image ?? null,
      photoSrcset: null,
      emailVerified: false,
      emailNotices: true,
      isAdmin: false,
      isPremium: false,
      premiumUntil: null,
      allowedFor: freePostLimit,
      publishedArticles: 0,
      subscriptionHistory: [],
    },
    isAdmin: false,
    isPremium: false,
  };
}
