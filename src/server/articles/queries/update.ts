import { type UpdateArticle } from '#shared/articles';
import { articleTextColumns } from '#shared/excerpt';
import { editGoesToReview } from '#shared/rules/moderation';
import type { Caller } from '#server/auth/guards';
import type { Db } from '#server/db/database';
import { toBool } from '#server/db/values';
import { AppError } from '#server/errors';
import { isSavedImage } from '#server/images/variants';
import type { ImageStore } from '#server/images/store';
import type { ArticleBody } from '#shared/article-body/schema';
import { bodyImages, requireStoredBodyImages } from '#server/articles/body-images';
import { requireAuthorOrAdmin } from '#server/articles/entitlement';
import { articleInputMessages } from '#server/articles/messages';
import { lockArticle, sameContent, type ArticleContent } from './content.js';
import { pendingRevisionOf, reviseArticle, type ContentChange } from './revisions.js';
import { publisherIdByName, tagsOf } from './select.js';

/**
 * Replaces an article's content (title, publisher, tags, description, image) for its author or
 * an admin; status, premium, views, author and creation date are kept, except that the author's
 * change clears a decline. Answers 0 when the content is already what was sent. An image must
 * come from our store, unless it is the one the article (or its pending edit) already shows.
 *
 * The author's edit of a published article does not go live: it waits for an editor as the
 * article's pending revision (reviseArticle), and the approved text stays up meanwhile. An
 * admin's edit goes live at once, as an editor's would.
 */
export async function updateArticleContent(
  db: Db,
  id: number,
  caller: Caller,
  input: UpdateArticle,
  /** The image store, to tell a new image it stored from any other URL (isSavedImage). */
  images: Pick<ImageStore, 'owns'>,
  now = new Date(),
): Promise<ContentChange> {
  return db.transaction().execute(async (trx): Promise<ContentChange> => {
    const current = await lockArticle(trx, id);
    requireAuthorOrAdmin(caller, current, 'You may only change your own articles');
    // Past the check above, a caller who is not an admin is the author.
    const forReview = editGoesToReview({ isApproved: toBool(current.isApproved) }, caller);
    const pending = forReview ? await pendingRevisionOf(trx, id) : undefined;
    const pendingImage = pending?.image;
    const pendingBody = pending?.body;
    const keptImage = input.image === current.image || input.image === pendingImage;
    if (!keptImage && !(await isSavedImage(trx, images, input.image))) {
      throw new AppError('bad_request', articleInputMessages.foreignImage);
    }
    const shown = [current.body, pendingBody].flatMap((json) =>
      json ? bodyImages(JSON.parse(json) as ArticleBody).map(({ src }) => src) : [],
    );
    await requireStoredBodyImages(trx, images, input.body, new Set(shown));
    const publisherId = await publisherIdByName(trx, input.publisher);
    if (publisherId === undefined) {
      throw new AppError('bad_request', articleInputMessages.unknownPublisher);
    }

    const live: ArticleContent = { ...current, tags: (await tagsOf(trx, [id])).get(id) ?? [] };
    const next: ArticleContent = {
      title: input.name,
      image: input.image,
      publisherId,
      body: JSON.stringify(input.body),
      description: input.description,
      tags: input.tags,
    };
    if (forReview) return reviseArticle(trx, id, live, next, now);
    if (sameContent(live, next)) return { modifiedCount: 0, awaitingReview: false };

    const result = await trx
      .updateTable('article')
      .set({
        title: next.title,
        image: next.image,
        publisherId,
        ...articleTextColumns(input.body),
        updatedAt: now.toISOString(),
        // The author's change answers a decline: the article goes back to Pending for review.
        // An admin editing the text leaves their own decline standing.
        ...(current.authorId === caller.id ? { adminMessage: null } : {}),
      })
      .where('id', '=', id)
      // Ownership is part of the write itself; admins edit any article (see docs/API.md).
      .$if(!caller.isAdmin, (q) => q.where('authorId', '=', caller.id))
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return { modifiedCount: 0, awaitingReview: false };
    await trx.deleteFrom('articleTag').where('articleId', '=', id).execute();
    await trx
      .insertInto('articleTag')
      .values(input.tags.map((tag) => ({ articleId: id, tag })))
      .execute();
    return { modifiedCount: 1, awaitingReview: false };
  });
}
