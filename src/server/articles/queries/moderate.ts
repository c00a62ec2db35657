import { articleMessages } from '#shared/article-messages';
import type { Db } from '#server/db/database';
import { toBool } from '#server/db/values';
import { AppError } from '#server/errors';
import { moderationMessages, type Moderation } from '#shared/api/moderation';
import { isDeclined } from '#shared/rules/moderation';

/**
 * An admin's Approve, Make Premium or Decline. Each is one conditional UPDATE whose WHERE holds
 * the rule, so a concurrent decline and approve cannot both win; when nothing was written, the
 * row is read to say why (unknown, refused, or already so: 0). Premium does not need approval:
 * the two are separate flags, and a premium article stays hidden until it is approved.
 */
export async function moderateArticle(
  db: Db,
  id: number,
  action: Moderation,
  now = new Date(),
): Promise<0 | 1> {
  const updatedAt = now.toISOString();
  let query = db.updateTable('article').where('id', '=', id);
  if ('adminMessage' in action) {
    query = query
      .set({ adminMessage: action.adminMessage, updatedAt })
      .where('isApproved', '=', false)
      .where((eb) =>
        eb.or([eb('adminMessage', 'is', null), eb('adminMessage', '!=', action.adminMessage)]),
      );
  } else {
    const flag = 'isApproved' in action ? 'isApproved' : 'isPremium';
    query = query
      .set(flag === 'isApproved' ? { isApproved: true, updatedAt } : { isPremium: true, updatedAt })
      .where(flag, '=', false)
      // Not declined (isDeclined): a declined article waits for its author's change.
      .where('adminMessage', 'is', null);
  }
  const result = await query.executeTakeFirst();
  if (result.numUpdatedRows > 0n) return 1;

  const current = await db
    .selectFrom('article')
    .select(['isApproved', 'adminMessage'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) throw new AppError('not_found', articleMessages.notFound);
  if ('adminMessage' in action) {
    if (toBool(current.isApproved)) {
      throw new AppError('conflict', moderationMessages.alreadyApproved);
    }
  } else if (isDeclined(current)) {
    throw new AppError('conflict', moderationMessages.declined);
  }
  return 0;
}
