import { articleMessages } from '#shared/article-messages';
import { consumeAttempt } from '#server/rate-limit/attempts';
import type { Db } from '#server/db/database';
import { AppError } from '#server/errors';
import { rateLimits } from '#shared/rules/limits';

/**
 * Adds one view to a published article. The increment is one atomic statement, so no view is
 * lost under concurrency. The address's allowance is counted in the same transaction, after
 * the increment found the article: unknown ids leave no rate-limit rows behind, and a refused
 * view is rolled back.
 */
export async function countView(db: Db, id: number, address: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('article')
      .set((eb) => ({ viewCount: eb('viewCount', '+', 1) }))
      .where('id', '=', id)
      .where('isApproved', '=', true)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw new AppError('not_found', articleMessages.notFound);
    if (!(await consumeAttempt(trx, 'view', `${address} ${id}`, rateLimits.articleViews))) {
      throw new AppError('rate_limited', 'Too many views of this article from your address');
    }
  });
}
