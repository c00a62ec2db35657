import type { Article } from '../../../shared/articles.js';
import type { Auth } from '../../lib/auth/authContext';

/**
 * Whether the reader may open the article in full: anyone for a free article; for a premium
 * one premium readers, admins and its own author (the server decides the same way).
 */
export function canOpenArticle(
  article: Pick<Article, 'isPremium' | 'userEmail'>,
  auth: Pick<Auth, 'isPremium' | 'isAdmin' | 'user'>,
): boolean {
  if (!article.isPremium) return true;
  return auth.isPremium || auth.isAdmin || auth.user?.email === article.userEmail;
}
