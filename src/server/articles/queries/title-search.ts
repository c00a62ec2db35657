import { sql, type SqlBool } from 'kysely';
import type { Dialect } from '#server/db/database';
import type { ArticleTable } from '#server/db/schema';

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
 * (`titleContains`) or reads the matches themselves (`titleMatches`); list.ts picks.
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
    // The matches are gathered once and each article looked up among them. The unary `+` keeps
    // SQLite from reading the matched articles' rows instead when no index suits the other
    // conditions (an admin's list of every status: 40 ms for a common word at 100,000).
    return sql<SqlBool>`+${sql.ref('article.id')} in (select rowid from article_title_fts where article_title_fts match ${phrase})`;
  }
  return textContains(dialect, 'article.title', text);
}

/**
 * "`column` contains `text`", in any case, `%` and `_` taken literally, read row by row: ILIKE on
 * PostgreSQL, LIKE on SQLite (which folds ASCII letters only).
 */
export function textContains(dialect: Dialect, column: string, text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, '\\$&')}%`;
  const operator = sql.raw(dialect === 'postgres' ? 'ilike' : 'like');
  return sql<SqlBool>`${sql.ref(column)} ${operator} ${pattern} escape '\\'`;
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

/**
 * Whether a page of a title search, `rowsNeeded` rows deep (offset and limit), is cheaper read
 * from the title's `matches` (all of them looked up, then sorted) than by walking the list's order
 * index and checking each entry against the matches until the page is full. `total` is the list's
 * (the matches the other filters keep), `matches` the title's alone. The walk meets a row
 * of the list about every listed / total entries, so it reads about listed × rowsNeeded / total
 * of them, or the whole list when that holds fewer rows than the page needs; one lookup of a
 * match costs some sixteen of its steps. With 95,000 approved articles listed (100,000 in all)
 * the two break even at matches × max(total, rowsNeeded) = rowsNeeded × 6,000: 270 matches for
 * page 1 of a title alone, 3,300 for page 150. A list narrowed by publisher or premium walks its
 * own shorter index, which favours walking more than this assumes; a larger table moves the
 * balance by its square root only. The totals may be 30 s old (cache/kept-reads.ts): they only choose.
 */
export function pageFromMatches(
  { total, matches }: { total: number; matches: number },
  rowsNeeded: number,
): boolean {
  return matches * Math.max(total, rowsNeeded) < rowsNeeded * breakEven;
}
const breakEven = 6_000;
