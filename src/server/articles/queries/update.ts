import { articleMessages, type UpdateArticle } from '../../../shared/articles.js';
import type { SessionUser } from '../../auth/guards.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { articleExcerpts } from '../../../shared/excerpt.js';
import { articleInputMessages } from '../messages.js';
import { forgetLists } from './list-cache.js';
import { publisherIdByName, tagsOf } from './select.js';

/**
 * Replaces an article's content (title, publisher, tags, description, image) for its author or
 * an admin; status, premium, views, author and creation date are kept, except that the author's
 * change clears a decline. Answers 0 when the content is already what was sent. An image must
 * come from our store, unless it is the one the article already shows.
 */
export async function updateArticleContent(
  db: Db,
  id: number,
  caller: SessionUser,
  input: UpdateArticle,
  isOurImage: (url: string) => boolean,
  now = new Date(),
): Promise<0 | 1> {
  const changed = await db.transaction().execute(async (trx): Promise<0 | 1> => {
    const current = await trx
      .selectFrom('article')
      .select(['authorId', 'title', 'image', 'publisherId', 'description'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) throw new AppError('not_found', articleMessages.notFound);
    if (current.authorId !== caller.id && !caller.isAdmin) {
      throw new AppError('forbidden', 'You may only change your own articles');
    }
    if (input.image !== current.image && !isOurImage(input.image)) {
      throw new AppError('bad_request', articleInputMessages.foreignImage);
    }
    const publisherId = await publisherIdByName(trx, input.publisher);
    if (publisherId === undefined) {
      throw new AppError('bad_request', articleInputMessages.unknownPublisher);
    }

    const tags = (await tagsOf(trx, [id])).get(id) ?? [];
    const unchanged =
      current.title === input.name &&
      current.image === input.image &&
      current.publisherId === publisherId &&
      current.description === input.description &&
      sameSet(tags, input.tags);
    if (unchanged) return 0;

    const result = await trx
      .updateTable('article')
      .set({
        title: input.name,
        image: input.image,
        publisherId,
        description: input.description,
        ...articleExcerpts(input.description),
        updatedAt: now.toISOString(),
        // The author's change answers a decline: the article goes back to Pending for review.
        // An admin editing the text leaves their own decline standing.
        ...(current.authorId === caller.id ? { adminMessage: null } : {}),
      })
      .where('id', '=', id)
      // Ownership is part of the write itself; admins edit any article (see docs/API.md).
      .$if(!caller.isAdmin, (q) => q.where('authorId', '=', caller.id))
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return 0;

    await trx.deleteFrom('articleTag').where('articleId', '=', id).execute();
    await trx
      .insertInto('articleTag')
      .values(input.tags.map((tag) => ({ articleId: id, tag })))
      .execute();
    return 1;
  });
  // A new publisher or new tags move the article between lists.
  if (changed) forgetLists(db);
  return changed;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((item) => set.has(item));
}
