import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** The connection as Kysely sees it, its statements telling whether they write. */
export interface CachingSqliteDatabase extends SqliteDatabase {
  prepare(sql: string): SqliteStatement & { readonly readonly: boolean };
}

/** Distinct statements kept; the app has a few dozen shapes (IN lists add a few per length). */
const maxStatements = 500;

/**
 * The SQLite connection as Kysely sees it, with each statement prepared once and reused.
 * Kysely prepares the SQL text again for every query, and on a busy list page that parsing
 * and planning costs about as much as running the query. A reused statement is safe here:
 * every call runs to completion synchronously (nothing here streams rows). Migrations that
 * change the schema are fine too: SQLite prepares such a statement again by itself.
 */
export function withStatementCache(sqlite: SQLite.Database): CachingSqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) return statement;
      statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > maxStatements) statements.delete(statements.keys().next().value!);
      return statement;
    },
    close: () => sqlite.close(),
  };
}
