import { toast } from '#web/components/toasts/toast';
import { articleMessages } from '#shared/article-messages';
import { mayPostAnother } from '#shared/rules/posting';
import type { Auth } from '#web/lib/auth/authContext';

/** Whether the signed-in reader has used up their posts (the server enforces the same rule). */
export function atPostingLimit(auth: Pick<Auth, 'user' | 'isAdmin' | 'isPremium'>): boolean {
  if (!auth.user) return false;
  return !mayPostAnother({ ...auth, publishedArticles: auth.user.publishedArticles });
}

/** Spec: a toast at the top end for 1.5 s. */
export function showPostingLimitToast(): void {
  toast.error(articleMessages.postingLimit, { position: 'top-right', duration: 1500 });
}
