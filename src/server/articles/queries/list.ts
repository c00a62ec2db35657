import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Article } from '../../../shared/articles.js';
import type { SessionUser } from '../../auth/guards.js';
import type { Db, Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { toArticleJson } from '../to-json.js';
import { selectArticles, tagsOf } from './select.js';

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

/** One page of articles, newest (or most viewed) first, and how many match in all. */
export async function listArticles(
  db: Db,
  dialect: Dialect,
  filters: ArticleFilters,
  page: ListPage,
  caller: SessionUser | null,
): Promise<{ articles: Article[]; total: number }> {
  const where = (eb: ExpressionBuilder<Database, 'article'>) => conditions(eb, dialect, filters);
  let query = selectArticles(db).where(where);
  query =
    page.sortBy === 'viewCount'
      ? query.orderBy('article.viewCount', 'desc').orderBy('article.id', 'desc')
      : query.orderBy('article.createdAt', 'desc').orderBy('article.id', 'desc');
  const [rows, count] = await Promise.all([
    query
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    db
      .selectFrom('article')
      .select((eb) => eb.fn.countAll().as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  const tags = await tagsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    articles: rows.map((row) => toArticleJson(row, tags.get(row.id) ?? [], caller)),
    total: Number(count.total),
  };
}

function conditions(
  eb: ExpressionBuilder<Database, 'article'>,
  dialect: Dialect,
  filters: ArticleFilters,
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
    and(
      eb(
        'article.id',
        'in',
        eb
          .selectFrom('articleTag')
          .select('articleTag.articleId')
          .where('articleTag.tag', 'in', filters.tags),
      ),
    );
  }
  if (filters.title !== undefined) and(titleContains(dialect, filters.title));
  return eb.and(all);
}

/**
 * `%` and `_` in the search are letters, not wildcards. SQLite's LIKE ignores case (ASCII
 * letters only); PostgreSQL needs ILIKE.
 */
function titleContains(dialect: Dialect, text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, '\\$&')}%`;
  const operator = sql.raw(dialect === 'postgres' ? 'ilike' : 'like');
  return sql<SqlBool>`${sql.ref('article.title')} ${operator} ${pattern} escape '\\'`;
}
