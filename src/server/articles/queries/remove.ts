import type { Caller } from '#server/auth/guards';
import type { Db } from '#server/db/database';
import { requireAuthorOrAdmin } from '#server/articles/entitlement';

/**
 * Deletes an article (its tags go with it) for its author or an admin. The author's count of
 * published articles stays: it counts posts made, so deleting does not give a free post back.
 */
export async function deleteArticle(db: Db, id: number, caller: Caller): Promise<0 | 1> {
  const current = await db
    .selectFrom('article')
    .select(['authorId', 'isApproved'])
    .where('id', '=', id)
    .executeTakeFirst();
  requireAuthorOrAdmin(caller, current, 'You may only delete your own articles');
  const result = await db
    .deleteFrom('article')
    .where('id', '=', id)
    .$if(!caller.isAdmin, (q) => q.where('authorId', '=', caller.id))
    .executeTakeFirst();
  return result.numDeletedRows > 0n ? 1 : 0;
}
