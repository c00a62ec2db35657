import { articlesWithPublisherAndAuthor } from '#server/articles/queries/select';
import type { Db } from '#server/db/database';

/**
 * The articles a send carries (`ids`, never empty), with what a newsletter shows of each: its
 * publisher's name, and whether its author is an editor (whose links are followed). The
 * sender's letters and the web version read the same.
 */
export function selectSentArticles(db: Db, ids: readonly number[]) {
  return articlesWithPublisherAndAuthor(db)
    .select([
      'article.id',
      'article.title',
      'article.publisherId',
      'article.body',
      'article.isPremium',
      'article.authorId',
      'publisher.name as publisher',
      'user.isAdmin as authorIsAdmin',
    ])
    .where('article.id', 'in', ids);
}
