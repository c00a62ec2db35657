import { sql } from 'kysely';
import type { Db } from '#server/db/database';
import { srcsetOf } from '#server/images/srcset';

/** Articles with their publisher and author, for a query to pick its columns from. */
export function articlesWithPublisherAndAuthor(db: Db) {
  return db
    .selectFrom('article')
    .innerJoin('publisher', 'publisher.id', 'article.publisherId')
    .innerJoin('user', 'user.id', 'article.authorId');
}

/**
 * Articles with their publisher's name, their author and their tags, in one query: the columns
 * every answer needs. `text` says which text an answer carries: a list's cards show a stored
 * excerpt (a free article's first three sentences; a premium article's premium excerpt, never
 * its whole text), the detail page the whole description. Reading only the excerpt keeps a page
 * of twelve articles a few kilobytes instead of a few dozen. The tags come
 * as one comma-separated text (`tagsOf` below reads them as rows where that suits better; tags
 * never hold a comma). Callers add their own conditions, order and paging.
 */
export function selectArticles(db: Db, text: 'excerpt' | 'full') {
  return articlesWithPublisherAndAuthor(db)
    .select([
      'article.id',
      'article.title',
      'article.image',
      srcsetOf('article.image'),
      'publisher.name as publisherName',
      text === 'full'
        ? 'article.description as text'
        : sql<string>`case when ${sql.ref('article.isPremium')} then ${sql.ref('article.premiumExcerpt')} else ${sql.ref('article.excerpt')} end`.as(
            'text',
          ),
      // The body goes with the whole text only: a list's cards show their excerpts.
      text === 'full' ? 'article.body' : sql<null>`null`.as('body'),
      'article.isPremium',
      'article.viewCount',
      'article.isApproved',
      'article.adminMessage',
      'article.createdAt',
      'article.authorId',
      'user.name as authorName',
      'user.image as authorImage',
      srcsetOf('user.image', 'authorImageSrcset'),
      'user.email as authorEmail',
    ])
    .select((eb) =>
      eb
        .selectFrom('articleTag')
        .select(
          sql<string>`string_agg(${sql.ref('articleTag.tag')}, ',' order by ${sql.ref('articleTag.tag')})`.as(
            'tags',
          ),
        )
        .whereRef('articleTag.articleId', '=', 'article.id')
        .as('tagList'),
    );
}

/** The tags `selectArticles` read, as a list. */
export function tagList(row: { tagList: string | null }): string[] {
  return row.tagList ? row.tagList.split(',') : [];
}

export type ArticleRow = Awaited<
  ReturnType<ReturnType<typeof selectArticles>['executeTakeFirstOrThrow']>
>;

/** The tags of several articles in one query (no query per article). */
export async function tagsOf(db: Db, ids: readonly number[]): Promise<Map<number, string[]>> {
  const tags = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return tags;
  const rows = await db
    .selectFrom('articleTag')
    .select(['articleId', 'tag'])
    .where('articleId', 'in', ids)
    .orderBy('articleId')
    .orderBy('tag')
    .execute();
  for (const row of rows) tags.get(row.articleId)?.push(row.tag);
  return tags;
}

/** A publisher's id by its name, whatever the case (names are unique regardless of case). */
export async function publisherIdByName(db: Db, name: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('publisher')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  return row?.id;
}
