import type { Article } from '#shared/articles';
import { mayReadFullText } from '#shared/rules/reading';
import type { Auth } from '../../lib/auth/authContext';

/**
 * Whether the reader may open the article in full: the rule the server enforces, with the
 * author known here by email (the only part of the author an article carries).
 */
export function canOpenArticle(
  article: Pick<Article, 'isPremium' | 'userEmail'>,
  auth: Pick<Auth, 'isPremium' | 'isAdmin' | 'user'>,
): boolean {
  return mayReadFullText(article, auth, auth.user?.email === article.userEmail);
}
