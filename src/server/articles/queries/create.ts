import { articleMessages } from '#shared/article-messages';
import { type CreateArticle } from '#shared/articles';
import { articleTextColumns } from '#shared/excerpt';
import type { Db } from '#server/db/database';
import { AppError } from '#server/errors';
import { articleInputMessages } from '#server/articles/messages';
import { publisherIdByName } from './select.js';
import { freePostLimit } from '#shared/rules/posting';
import { premiumRunsAt } from '#server/users/premium-sql';

/**
 * Creates a pending article by `authorId` and counts it against the author's posting limit, in
 * one transaction. The count goes up only where the limit allows (the shared rule
 * mayPostAnother, written as SQL: admins and premium users have none), in one conditional UPDATE whose affected rows say whether the post may go ahead, so
 * parallel posts cannot both pass the check.
 */
export async function createArticle(
  db: Db,
  authorId: string,
  input: CreateArticle,
  now = new Date(),
): Promise<number> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const publisherId = await publisherIdByName(trx, input.publisher);
    if (publisherId === undefined)
      throw new AppError('bad_request', articleInputMessages.unknownPublisher);

    const counted = await trx
      .updateTable('user')
      .set((eb) => ({ publishedArticles: eb('publishedArticles', '+', 1) }))
      .where('id', '=', authorId)
      .where((eb) =>
        eb.or([
          eb('publishedArticles', '<', freePostLimit),
          eb('isAdmin', '=', true),
          premiumRunsAt(now),
        ]),
      )
      .executeTakeFirst();
    if (counted.numUpdatedRows === 0n) {
      throw new AppError('forbidden', articleMessages.postingLimit);
    }

    const { id } = await trx
      .insertInto('article')
      .values({
        title: input.name,
        image: input.image,
        publisherId,
        ...articleTextColumns(input.body),
        isPremium: false,
        viewCount: 0,
        isApproved: false,
        adminMessage: null,
        authorId,
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('articleTag')
      .values(input.tags.map((tag) => ({ articleId: id, tag })))
      .execute();
    return id;
  });
}
