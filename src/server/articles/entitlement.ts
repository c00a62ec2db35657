import { articleMessages } from '#shared/article-messages';
import { mayOversee } from '#shared/rules/reading';
import type { Caller } from '#server/auth/guards';
import { toBool } from '#server/db/values';
import { AppError } from '#server/errors';

/** Whether the caller wrote the article: the `isAuthor` of the shared reading rules. */
export function isAuthor(caller: Caller | null, authorId: string): boolean {
  return caller !== null && caller.id === authorId;
}

/**
 * Lets the article's author or an admin change or delete it; anyone else is refused with
 * `refusal` (403) for a published article, and told it does not exist (404, as for an id no
 * article has) for a pending or declined one, which exists only for its author and the admins:
 * a 403 would tell anyone signed in which ids are waiting for review or were declined.
 */
export function requireAuthorOrAdmin(
  caller: Caller,
  article: { authorId: string; isApproved: boolean | number } | undefined,
  refusal: string,
): asserts article is { authorId: string; isApproved: boolean | number } {
  if (!article) throw new AppError('not_found', articleMessages.notFound);
  if (mayOversee(caller, isAuthor(caller, article.authorId))) return;
  if (!toBool(article.isApproved)) throw new AppError('not_found', articleMessages.notFound);
  throw new AppError('forbidden', refusal);
}

/** Whether the caller may list an author's articles of every status: their own, or an admin. */
export function mayListAuthor(caller: Caller, email: string): boolean {
  return caller.isAdmin || email.toLowerCase() === caller.email.toLowerCase();
}

/**
 * The approval filter of a list. Guests and users get approved articles only; an author's list
 * (`email`, checked by mayListAuthor) and an admin's lists hold every status, narrowed by the
 * `isApproved` asked for. `null` when the caller asked only for what they may not see.
 */
export function approvalFilter(
  caller: Caller | null,
  authorList: boolean,
  requested: boolean | undefined,
): boolean | undefined | null {
  if (authorList || caller?.isAdmin) return requested;
  return requested === false ? null : true;
}
