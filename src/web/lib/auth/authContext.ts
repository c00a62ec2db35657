import { createContext, useContext } from 'react';
import type { UserRecord } from '#shared/accounts';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

/** Who is using the site. While loading nobody is signed in yet, and no role is granted. */
export type AuthState =
  | { status: 'loading' | 'signedOut'; user: null; isAdmin: false; isPremium: false }
  | { status: 'signedIn'; user: UserRecord; isAdmin: boolean; isPremium: boolean };

export interface AuthActions {
  /** Signs in with email and password and answers the user's record; throws an ApiError. */
  signIn(email: string, password: string): Promise<UserRecord | null>;
  /**
   * Ends the session on the server, then awaits `leave` (e.g. navigating away from a page that
   * needs a sign-in, so its guard does not send the user to /login), then forgets the user here.
   */
  signOut(leave?: () => unknown): Promise<void>;
  /** Reads the session and the record again (after registering or editing the profile). */
  refresh(): Promise<UserRecord | null>;
}

export type Auth = AuthState & AuthActions;

export const AuthContext = createContext<Auth | null>(null);

/** The signed-in user (or none) and the sign-in actions. Needs an AuthProvider above. */
export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs an <AuthProvider> above it');
  return auth;
}
