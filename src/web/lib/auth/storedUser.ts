import type { UserRecord } from '#shared/accounts';

/** The localStorage key the spec names for the signed-in user's record. */
const storageKey = 'authUser';

/** What is kept in the browser: the public part of the record, never a token or a password. */
export type StoredUser = Pick<UserRecord, 'name' | 'email' | 'photoURL' | 'isAdmin' | 'isPremium'>;

export function storeUser({ name, email, photoURL, isAdmin, isPremium }: UserRecord): void {
  const value: StoredUser = { name, email, photoURL, isAdmin, isPremium };
  try {
    localStorage.setItem(storageKey, JSON.stringify(value));
  } catch {
    // Storage can be full or disabled (private modes); the app works without this copy.
  }
}

export function forgetStoredUser(): void {
  try {
    localStorage.removeItem(storageKey);
  } catch {
    // As above: nothing to clear when storage is unavailable.
  }
}
