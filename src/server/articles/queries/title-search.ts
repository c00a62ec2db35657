import { sql, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { ArticleTable } from '../../db/schema.js';

/**
 * "The title contains this text", in any case, with `%` and `_` taken literally.
 *
 * For three characters or more a trigram index answers (migration 003). SQLite asks its FTS5
 * table for the text as one quoted phrase: the trigram tokenizer matches exactly the titles
 * that contain it, folding case across Unicode as PostgreSQL's ILIKE does. (Rechecking each
 * match with LIKE would read every matching row, and SQLite's LIKE folds ASCII letters only.)
 * PostgreSQL's ILIKE uses its pg_trgm index by itself. One or two characters make no trigram:
 * both engines then read the titles one by one, which is slower but just as right.
 *
 * On SQLite a query either checks the articles another index finds against the matches
 * (`titleContains`) or reads the matches themselves (`titleMatches`).
 */

/** The FTS5 query for the text, or undefined where there is no text or no FTS5 table answers. */
export function titlePhrase(dialect: Dialect, text: string | undefined): string | undefined {
  if (text === undefined || dialect !== 'sqlite' || [...text].length < 3) return undefined;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The search as a condition on each article another index finds (the newest-first one, say). */
export function titleContains(dialect: Dialect, text: string) {
  const phrase = titlePhrase(dialect, text);
  if (phrase !== undefined) {
    return sql<SqlBool>`${sql.ref('article.id')} in (select rowid from article_title_fts where article_title_fts match ${phrase})`;
  }
  const pattern = `%${text.replace(/[\\%_]/g, '\\$&')}%`;
  const operator = sql.raw(dialect === 'postgres' ? 'ilike' : 'like');
  return sql<SqlBool>`${sql.ref('article.title')} ${operator} ${pattern} escape '\\'`;
}

/**
 * The articles whose title matches `phrase` (SQLite), to select from in place of `article`: the
 * FTS5 table lists the matches and each is looked up in article_title_match_idx (migration 004),
 * which holds what the list filters and sorts on, so the large article rows stay unread. Cost
 * follows the number of matches. Kysely cannot say CROSS JOIN … INDEXED BY, hence SQL; SQLite
 * merges this subquery into the query around it, keeping both (CROSS JOIN fixes the order:
 * matches first; without INDEXED BY it would read each article's row by its id).
 */
export function titleMatches(phrase: string) {
  return sql<ArticleTable>`(select article.* from article_title_fts cross join article indexed by article_title_match_idx where article_title_fts match ${phrase} and article.id = article_title_fts.rowid)`.as(
    'article',
  );
}
