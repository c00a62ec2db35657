import type { Article } from '#shared/articles';
import type { Reader } from '#shared/rules/reading';
import type { AuthState } from './authContext';

/** The reader the shared rules (src/shared/rules/) decide for: none until signed in. */
export function readerOf(auth: Pick<AuthState, 'status' | 'isAdmin' | 'isPremium'>): Reader | null {
  return auth.status === 'signedIn' ? { isAdmin: auth.isAdmin, isPremium: auth.isPremium } : null;
}

/** Whether the signed-in reader wrote the article, known here by email (all an article carries). */
export function isAuthorOf(
  article: Pick<Article, 'userEmail'>,
  auth: Pick<AuthState, 'user'>,
): boolean {
  return auth.user !== null && auth.user.email === article.userEmail;
}
