import { toast } from 'sonner';
import { articleMessages } from '../../../shared/article-messages.js';
import type { Auth } from '../../lib/auth/authContext';

/** Spec: free users may post one article; premium users and admins post without limit. */
const freeArticles = 1;

export function atPostingLimit(auth: Pick<Auth, 'user' | 'isAdmin' | 'isPremium'>): boolean {
  if (!auth.user || auth.isAdmin || auth.isPremium) return false;
  return auth.user.publishedArticles >= freeArticles;
}

/** Spec: a toast at the top end for 1.5 s. */
export function showPostingLimitToast(): void {
  toast.error(articleMessages.postingLimit, { position: 'top-right', duration: 1500 });
}
