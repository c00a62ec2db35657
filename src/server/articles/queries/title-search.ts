import { sql, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/database.js';

/**
 * "The title contains this text", in any case, with `%` and `_` taken literally.
 *
 * For three characters or more a trigram index answers (migration 003). SQLite asks its FTS5
 * table for the text as one quoted phrase: the trigram tokenizer matches exactly the titles
 * that contain it, folding case across Unicode as PostgreSQL's ILIKE does. (Rechecking each
 * match with LIKE would read every matching row, and SQLite's LIKE folds ASCII letters only.)
 * PostgreSQL's ILIKE uses its pg_trgm index by itself. One or two characters make no trigram:
 * both engines then read the titles one by one, which is slower but just as right.
 */
export function titleContains(dialect: Dialect, text: string) {
  if (dialect === 'sqlite' && [...text].length >= 3) {
    const phrase = `"${text.replace(/"/g, '""')}"`;
    return sql<SqlBool>`${sql.ref('article.id')} in (select rowid from article_title_fts where article_title_fts match ${phrase})`;
  }
  const pattern = `%${text.replace(/[\\%_]/g, '\\$&')}%`;
  const operator = sql.raw(dialect === 'postgres' ? 'ilike' : 'like');
  return sql<SqlBool>`${sql.ref('article.title')} ${operator} ${pattern} escape '\\'`;
}
