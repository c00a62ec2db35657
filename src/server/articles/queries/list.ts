import type { Expression, ExpressionBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Article } from '../../../shared/articles.js';
import type { Db, Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { sharedAnswer, type SharedAnswer } from '../../http/compress-answers.js';
import { toArticleJson } from '../to-json.js';
import { cachedListRead, listLifetimesMs } from './list-cache.js';
import { selectArticles, tagsOf } from './select.js';
import { titleContains } from './title-search.js';

/** Which articles a list holds. The route decides what the caller may ask for. */
export interface ArticleFilters {
  isApproved?: boolean;
  isPremium?: boolean;
  /** The author's email: "my articles", or an admin looking at someone's. */
  authorEmail?: string;
  /** A case-insensitive part of the title, taken literally. */
  title?: string;
  /** A publisher's exact name, whatever the case. */
  publisher?: string;
  /** Articles carrying any of these tags. */
  tags?: string[];
}

export interface ListPage {
  sortBy: 'createdAt' | 'viewCount';
  limit: number;
  /** 1-based. */
  page: number;
}

export interface ArticleList {
  articles: Article[];
  total: number;
  /** The articles as JSON, made once for every reader of the cached list. */
  answer: SharedAnswer;
}

/**
 * One page of articles, newest (or most viewed) first, each with its excerpt (what the cards
 * show; the full text is the detail page's), and how many match in all. The answer depends on
 * the filters and the page alone, so this process reuses it for a few seconds (list-cache.ts).
 */
export function listArticles(
  db: Db,
  dialect: Dialect,
  filters: ArticleFilters,
  page: ListPage,
): Promise<ArticleList> {
  const key = `page:${JSON.stringify([filters, page])}`;
  return cachedListRead(db, key, listLifetimesMs.page, () => readList(db, dialect, filters, page));
}

/**
 * The page's ids are found first, from the indexes alone where the filters allow, and only those
 * rows are read in full: skipping to page 500 walks index entries, not 6,000 whole articles.
 */
async function readList(
  db: Db,
  dialect: Dialect,
  filters: ArticleFilters,
  page: ListPage,
): Promise<ArticleList> {
  const where = (purpose: Purpose) => (eb: ExpressionBuilder<Database, 'article'>) =>
    conditions(eb, dialect, filters, purpose);
  const pageIds = ordered(
    db.selectFrom('article').select('article.id').where(where('page')),
    page.sortBy,
  )
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  const [rows, total] = await Promise.all([
    ordered(
      selectArticles(db, 'excerpt').where('article.id', 'in', pageIds),
      page.sortBy,
    ).execute(),
    cachedListRead(db, `total:${JSON.stringify(filters)}`, listLifetimesMs.total, async () => {
      const { count } = await db
        .selectFrom('article')
        .select((eb) => eb.fn.countAll().as('count'))
        .where(where('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    }),
  ]);
  const tags = await tagsOf(
    db,
    rows.map((row) => row.id),
  );
  const articles = rows.map((row) => toArticleJson(row, tags.get(row.id) ?? []));
  return { articles, total, answer: sharedAnswer(articles) };
}

function ordered<Q extends SelectQueryBuilder<Database, 'article', object>>(
  query: Q,
  sortBy: ListPage['sortBy'],
): Q {
  const first = sortBy === 'viewCount' ? 'article.viewCount' : 'article.createdAt';
  return query.orderBy(first, 'desc').orderBy('article.id', 'desc') as Q;
}

/** A page stops at its last row; a count reads every match. Some filters suit one better. */
type Purpose = 'page' | 'count';

function conditions(
  eb: ExpressionBuilder<Database, 'article'>,
  dialect: Dialect,
  filters: ArticleFilters,
  purpose: Purpose,
) {
  const all: Expression<SqlBool>[] = [];
  const and = (condition: Expression<SqlBool>) => all.push(condition);
  if (filters.isApproved !== undefined) and(eb('article.isApproved', '=', filters.isApproved));
  if (filters.isPremium !== undefined) and(eb('article.isPremium', '=', filters.isPremium));
  if (filters.authorEmail !== undefined) {
    and(
      eb(
        'article.authorId',
        '=',
        eb
          .selectFrom('user')
          .select('user.id')
          .where('user.email', '=', filters.authorEmail.toLowerCase()),
      ),
    );
  }
  if (filters.publisher !== undefined) {
    // The unique index on lower(name) finds the publisher, then its articles' index applies.
    and(
      eb(
        'article.publisherId',
        '=',
        eb
          .selectFrom('publisher')
          .select('publisher.id')
          .where((p) =>
            p(p.fn('lower', ['publisher.name']), '=', filters.publisher?.toLowerCase()),
          ),
      ),
    );
  }
  if (filters.tags !== undefined) {
    const tagged = eb
      .selectFrom('articleTag')
      .select('articleTag.articleId')
      .where('articleTag.tag', 'in', filters.tags);
    // A page checks the newest articles one by one against the tag index (EXISTS) until it is
    // full; gathering every article of those tags first (IN) would mean a quarter of them. A
    // count reads them all anyway, and there gathering is about three times faster on SQLite.
    and(
      purpose === 'page'
        ? eb.exists(tagged.whereRef('articleTag.articleId', '=', 'article.id'))
        : eb('article.id', 'in', tagged),
    );
  }
  if (filters.title !== undefined) and(titleContains(dialect, filters.title));
  return eb.and(all);
}
