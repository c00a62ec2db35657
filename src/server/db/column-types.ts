import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

/** Column types that differ between SQLite and PostgreSQL, for migrations. */
export function columnTypes(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    postgres,
    /** Auto-incrementing integer key: SQLite's rowid alias, PostgreSQL's serial. */
    serial: postgres ? ('serial' as const) : ('integer' as const),
    timestamp: postgres ? ('timestamptz' as const) : ('text' as const),
    boolean: postgres ? ('boolean' as const) : ('integer' as const),
    false: postgres ? sql`false` : sql`0`,
    now: (postgres
      ? sql`now()`
      : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`) as RawBuilder<unknown>,
  };
}
