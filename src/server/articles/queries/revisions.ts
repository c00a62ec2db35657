import { srcsetOf } from '#server/images/srcset';
import type { Article } from '#shared/articles';
import { articleMessages } from '#shared/article-messages';
import { articleTextColumns } from '#shared/excerpt';
import type { ArticleBody } from '#shared/article-body/schema';
import { revisionMessages, type ArticleRevision } from '#shared/revisions';
import { mayOversee, maySeeArticle } from '#shared/rules/reading';
import type { Caller } from '#server/auth/guards';
import type { Db } from '#server/db/database';
import { toBool, toIso } from '#server/db/values';
import { AppError } from '#server/errors';
import { isAuthor } from '#server/articles/entitlement';
import { toArticleJson } from '#server/articles/to-json';
import { lockArticle, sameContent, type ArticleContent } from './content.js';
import { selectArticles } from './select.js';

/** The pending edit of an article, as stored. */
export async function pendingRevisionOf(db: Db, articleId: number) {
  const row = await db
    .selectFrom('articleRevision')
    .selectAll()
    .where('articleId', '=', articleId)
    .executeTakeFirst();
  return row && { ...row, tags: row.tags.split(',') };
}
/** What an author's content change did: `awaitingReview` when it waits for an editor. */
export interface ContentChange {
  modifiedCount: 0 | 1;
  awaitingReview: boolean;
}

/**
 * The author's edit of their published article, inside the edit's transaction (the article
 * locked): it becomes the article's pending revision, replacing one already waiting, while the
 * live article stays as it is. An edit back to the live content withdraws the pending one; an
 * edit the same as the pending one changes nothing. A new edit clears the reason the last one
 * was declined: it is under review again.
 */
export async function reviseArticle(
  trx: Db,
  articleId: number,
  live: ArticleContent,
  next: ArticleContent,
  now: Date,
): Promise<ContentChange> {
  const pending = await pendingRevisionOf(trx, articleId);
  if (sameContent(live, next)) {
    if (!pending) return { modifiedCount: 0, awaitingReview: false };
    await trx.deleteFrom('articleRevision').where('id', '=', pending.id).execute();
    return { modifiedCount: 1, awaitingReview: false };
  }
  if (pending && sameContent(pending, next)) return { modifiedCount: 0, awaitingReview: true };

  if (pending) await trx.deleteFrom('articleRevision').where('id', '=', pending.id).execute();
  await trx
    .insertInto('articleRevision')
    .values({
      articleId,
      title: next.title,
      image: next.image,
      publisherId: next.publisherId,
      body: next.body,
      description: next.description,
      tags: next.tags.join(','),
      submittedAt: now.toISOString(),
    })
    .execute();
  await trx
    .updateTable('article')
    .set({ revisionMessage: null })
    .where('id', '=', articleId)
    .execute();
  return { modifiedCount: 1, awaitingReview: true };
}

/** An editor's answer to a pending edit, naming the edit they reviewed. */
export type RevisionReview =
  { revisionId: string; isApproved: true } | { revisionId: string; adminMessage: string };

/**
 * Approves or declines the article's pending edit, if it is still the one the editor reviewed
 * (409 when the author has replaced it since). Approving copies it onto the article, which stays
 * approved and gets a new `updatedAt`; declining deletes it and keeps the reason for the author.
 * Either way the edit is gone from the queue.
 */
export async function reviewRevision(
  db: Db,
  articleId: number,
  review: RevisionReview,
  now: Date,
): Promise<1> {
  await db.transaction().execute(async (trx) => {
    if (!(await lockArticle(trx, articleId))) {
      throw new AppError('not_found', articleMessages.notFound);
    }
    const pending = await pendingRevisionOf(trx, articleId);
    if (!pending) throw new AppError('not_found', revisionMessages.none);
    if (String(pending.id) !== review.revisionId) {
      throw new AppError('conflict', revisionMessages.replaced);
    }
    await trx.deleteFrom('articleRevision').where('id', '=', pending.id).execute();
    if ('adminMessage' in review) {
      await trx
        .updateTable('article')
        .set({ revisionMessage: review.adminMessage })
        .where('id', '=', articleId)
        .execute();
      return;
    }
    await trx
      .updateTable('article')
      .set({
        title: pending.title,
        image: pending.image,
        publisherId: pending.publisherId,
        ...articleTextColumns(JSON.parse(pending.body) as ArticleBody),
        revisionMessage: null,
        updatedAt: now.toISOString(),
      })
      .where('id', '=', articleId)
      .execute();
    await trx.deleteFrom('articleTag').where('articleId', '=', articleId).execute();
    await trx
      .insertInto('articleTag')
      .values(pending.tags.map((tag) => ({ articleId, tag })))
      .execute();
  });
  return 1;
}

/** Stored revisions with their publisher's name, in the API's shape. */
function selectRevisions(db: Db) {
  return db
    .selectFrom('articleRevision')
    .innerJoin('publisher', 'publisher.id', 'articleRevision.publisherId')
    .select([
      'articleRevision.id',
      'articleRevision.articleId',
      'articleRevision.title',
      'articleRevision.image',
      srcsetOf('articleRevision.image'),
      'articleRevision.body',
      'articleRevision.description',
      'articleRevision.tags',
      'articleRevision.submittedAt',
      'publisher.name as publisherName',
    ]);
}

type RevisionRow = Awaited<ReturnType<ReturnType<typeof selectRevisions>['execute']>>[number];

function toRevisionJson(row: RevisionRow): ArticleRevision {
  return {
    _id: String(row.id),
    articleId: String(row.articleId),
    name: row.title,
    image: row.image,
    imageSrcset: row.imageSrcset,
    publisher: row.publisherName,
    tags: row.tags.split(','),
    description: row.description,
    body: JSON.parse(row.body) as ArticleBody,
    submittedAt: toIso(row.submittedAt),
  };
}

/**
 * The article's pending edit, in the API's shape, for its author or an admin: an unpublished
 * article does not exist for anyone else (404), and a published one's edit is refused them (403).
 */
export async function readRevision(
  db: Db,
  articleId: number,
  caller: Caller,
): Promise<ArticleRevision> {
  const article = await db
    .selectFrom('article')
    .select(['authorId', 'isApproved'])
    .where('id', '=', articleId)
    .executeTakeFirst();
  const author = article !== undefined && isAuthor(caller, article.authorId);
  // As on the detail page, an unpublished article does not exist for anyone else.
  if (!article || !maySeeArticle({ isApproved: toBool(article.isApproved) }, caller, author)) {
    throw new AppError('not_found', articleMessages.notFound);
  }
  if (!mayOversee(caller, author)) {
    throw new AppError('forbidden', "You may only see your own articles' edits");
  }
  const row = await selectRevisions(db)
    .where('articleRevision.articleId', '=', articleId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', revisionMessages.none);
  return toRevisionJson(row);
}

/**
 * The editors' queue: one page of pending edits, oldest first, each beside its live article
 * with the full text. Three queries whatever the page size: the page, its live articles, the
 * total.
 */
export async function listRevisionQueue(
  db: Db,
  page: { limit: number; page: number },
): Promise<{ items: { live: Article; revision: ArticleRevision }[]; total: number }> {
  const [rows, { total }] = await Promise.all([
    selectRevisions(db)
      .orderBy('articleRevision.submittedAt')
      .orderBy('articleRevision.id')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    db
      .selectFrom('articleRevision')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((row) => row.articleId);
  const live = new Map<number, Article>();
  if (ids.length > 0) {
    const articles = await selectArticles(db, 'full').where('article.id', 'in', ids).execute();
    for (const article of articles) live.set(article.id, toArticleJson(article));
  }
  const states = await revisionStates(db, ids);
  return {
    items: rows.map((row) => ({
      live: { ...live.get(row.articleId)!, ...states.get(row.articleId) },
      revision: toRevisionJson(row),
    })),
    total: Number(total),
  };
}

type RevisionState = Pick<Article, 'pendingRevision' | 'revisionMessage'>;

/**
 * Where the articles' edits stand, for their author and the admins: the pending edit (its id and
 * when it was sent) and the reason the last one was declined. One query for any number of them.
 */
export async function revisionStates(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, RevisionState>> {
  const states = new Map<number, RevisionState>();
  if (ids.length === 0) return states;
  const rows = await db
    .selectFrom('article')
    .leftJoin('articleRevision', 'articleRevision.articleId', 'article.id')
    .select([
      'article.id',
      'article.revisionMessage',
      'articleRevision.id as revisionId',
      'articleRevision.submittedAt',
    ])
    .where('article.id', 'in', ids)
    .execute();
  for (const row of rows) {
    states.set(row.id, {
      pendingRevision:
        row.revisionId === null || row.submittedAt === null
          ? null
          : { _id: String(row.revisionId), submittedAt: toIso(row.submittedAt) },
      revisionMessage: row.revisionMessage,
    });
  }
  return states;
}

/** `articles` with where their edits stand (revisionStates). */
export async function withRevisionStates(db: Db, articles: Article[]): Promise<Article[]> {
  const states = await revisionStates(
    db,
    articles.map((article) => Number(article._id)),
  );
  return articles.map((article) => ({ ...article, ...states.get(Number(article._id)) }));
}
