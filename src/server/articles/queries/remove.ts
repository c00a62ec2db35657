import { articleMessages } from '#shared/article-messages';
import type { SessionUser } from '#server/auth/guards';
import type { Db } from '#server/db/database';
import { AppError } from '#server/errors';

/**
 * Deletes an article (its tags go with it) for its author or an admin. The author's count of
 * published articles stays: it counts posts made, so deleting does not give a free post back.
 */
export async function deleteArticle(db: Db, id: number, caller: SessionUser): Promise<0 | 1> {
  const current = await db
    .selectFrom('article')
    .select('authorId')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) throw new AppError('not_found', articleMessages.notFound);
  if (current.authorId !== caller.id && !caller.isAdmin) {
    throw new AppError('forbidden', 'You may only delete your own articles');
  }
  const result = await db
    .deleteFrom('article')
    .where('id', '=', id)
    .$if(!caller.isAdmin, (q) => q.where('authorId', '=', caller.id))
    .executeTakeFirst();
  return result.numDeletedRows > 0n ? 1 : 0;
}
