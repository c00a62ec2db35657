import type { Expression, ExpressionBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Article } from '#shared/articles';
import type { Db, Dialect } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { toArticleJson } from '#server/articles/to-json';
import { readLifetimesMs, type KeptReads } from '#server/cache/kept-reads';
import { withRevisionStates } from './revisions.js';
import { selectArticles } from './select.js';
import {
  pageFromMatches,
  textContains,
  titleContains,
  titleMatches,
  titlePhrase,
} from './title-search.js';

/** Which articles a list holds. The route decides what the caller may ask for. */
export interface ArticleFilters {
  isApproved?: boolean;
  isPremium?: boolean;
  /** The author's email: "my articles", or an admin looking at someone's. */
  authorEmail?: string;
  /** A case-insensitive part of the title, taken literally. */
  title?: string;
  /** A case-insensitive part of a publisher's name, taken literally. */
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

export interface ListOptions {
  /**
   * Add where each article's edits stand (pendingRevision, revisionMessage): for an author's
   * own list and the admins' lists, never a public one. Such a list is not kept.
   */
  withRevisions?: boolean;
  /** Where a public list's answer is kept (app.publicReads); read every time without it. */
  keep?: KeptReads;
}

export interface ArticleList {
  articles: Article[];
  total: number;
}

/**
 * One page of articles, newest (or most viewed) first, each with its excerpt (what the cards
 * show; the full text is the detail page's), and how many match in all. A public list's answer
 * depends on the filters and the page alone, so this process reuses it for a while
 * (cache/kept-reads.ts).
 */
export function listArticles(
  db: Db,
  dialect: Dialect,
  filters: ArticleFilters,
  page: ListPage,
  { withRevisions = false, keep }: ListOptions = {},
): Promise<ArticleList> {
  // An author's list and an admin's lists of every status are not kept: few ask for them, and
  // an author who has just written must find the article there, whichever process answers.
  if (!keep || filters.isApproved !== true || filters.authorEmail !== undefined || withRevisions) {
    return readList(db, dialect, filters, page, (_key, count) => count(), withRevisions);
  }
  const key = `page:${JSON.stringify([filters, page])}`;
  return keep.read(key, readLifetimesMs.page, () =>
    readList(db, dialect, filters, page, (totalKey, count) =>
      keep.read(totalKey, readLifetimesMs.total, count),
    ),
  );
}

/** How a list's total is counted: at once, or through the cache under the key given. */
type Counter = <T>(key: string, count: () => Promise<T>) => Promise<T>;

/**
 * The page's ids are found first, from the indexes alone where the filters allow, and only those
 * rows are read in full: skipping to page 500 walks index entries, not 6,000 whole articles.
 *
 * A title search on SQLite may read its matches one by one instead (title-search.ts): always for
 * the total, and for the page when that is cheaper, which the totals tell; the page then waits
 * for them.
 */
async function readList(
  db: Db,
  dialect: Dialect,
  filters: ArticleFilters,
  page: ListPage,
  counter: Counter,
  withRevisions = false,
): Promise<ArticleList> {
  // An author's articles are few: their own index finds them, and the title only filters.
  const matchPhrase =
    filters.authorEmail === undefined ? titlePhrase(dialect, filters.title) : undefined;
  const where: Where = (purpose) => (eb) => conditions(eb, dialect, filters, purpose);

  const key = `total:${JSON.stringify(filters)}`;
  const counted = <T>(count: () => Promise<T>) => counter(key, count);
  const matchTotals =
    matchPhrase === undefined ? undefined : counted(() => countMatches(db, matchPhrase, where));
  const totals = matchTotals ?? counted(() => countList(db, where));
  const offset = (page.page - 1) * page.limit;
  const pagePhrase =
    matchTotals && pageFromMatches(await matchTotals, offset + page.limit)
      ? matchPhrase
      : undefined;
  const pageIds = ordered(
    readFrom(db, pagePhrase)
      .select('article.id')
      .where(where(pagePhrase === undefined ? 'page' : 'matches')),
    page.sortBy,
  )
    .limit(page.limit)
    .offset(offset);
  const [rows, { total }] = await Promise.all([
    ordered(
      selectArticles(db, 'excerpt').where('article.id', 'in', pageIds),
      page.sortBy,
    ).execute(),
    totals,
  ]);
  const articles = withRevisions
    ? await withRevisionStates(db, rows.map(toArticleJson))
    : rows.map(toArticleJson);
  return { articles, total };
}

async function countList(db: Db, where: Where): Promise<{ total: number }> {
  const { total } = await db
    .selectFrom('article')
    .select((eb) => eb.fn.countAll().as('total'))
    .where(where('count'))
    .executeTakeFirstOrThrow();
  return { total: Number(total) };
}

/**
 * A title search's total, from its matches (SQLite). Each match is read once, so counting all of
 * them too, whatever the other filters say, costs nothing more; it tells the page what reading
 * them would cost.
 */
async function countMatches(db: Db, phrase: string, where: Where) {
  const counts = await readFrom(db, phrase)
    .select((eb) => [
      eb.fn.countAll().as('matches'),
      eb.fn.countAll().filterWhere(where('matches')).as('total'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(counts.total), matches: Number(counts.matches) };
}

/** The articles, or (SQLite, given a phrase) a title search's matches standing in for them. */
function readFrom(db: Db, phrase: string | undefined) {
  return phrase === undefined ? db.selectFrom('article') : db.selectFrom(titleMatches(phrase));
}

function ordered<Q extends SelectQueryBuilder<Database, 'article', object>>(
  query: Q,
  sortBy: ListPage['sortBy'],
): Q {
  const first = sortBy === 'viewCount' ? 'article.viewCount' : 'article.createdAt';
  return query.orderBy(first, 'desc').orderBy('article.id', 'desc') as Q;
}

/**
 * Which rows a query reads. A page walks an order index and stops at its last row; a count reads
 * every row of the list; `matches` reads a title search's matches one by one, the title being
 * the table read rather than a condition. Some filters suit one better.
 */
type Purpose = 'page' | 'count' | 'matches';

/** The list's conditions, as a query of each purpose states them. */
type Where = (
  purpose: Purpose,
) => (eb: ExpressionBuilder<Database, 'article'>) => Expression<SqlBool>;

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
    // Publishers are few: their names are read one by one, then the articles' index on their
    // publisher applies to the ones that match.
    and(
      eb(
        'article.publisherId',
        'in',
        eb
          .selectFrom('publisher')
          .select('publisher.id')
          .where(textContains(dialect, 'publisher.name', filters.publisher)),
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
    // A title's matches are fewer than a tag's articles: each is checked, as on a page.
    and(
      purpose === 'count'
        ? eb('article.id', 'in', tagged)
        : eb.exists(tagged.whereRef('articleTag.articleId', '=', 'article.id')),
    );
  }
  if (filters.title !== undefined && purpose !== 'matches') {
    and(titleContains(dialect, filters.title));
  }
  return eb.and(all);
}
