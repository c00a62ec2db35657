import { sql, type Kysely } from 'kysely';
import { testDialect } from './database.js';

export interface SchemaColumn {
  table: string;
  column: string;
}

/**
 * Every column of every table in this test's own database: the SQLite file, or on PostgreSQL the
 * schema on the search path. (Kysely's introspection lists every schema, so a test run beside
 * others would see their tables too.)
 */
export async function schemaColumns(db: Kysely<unknown>): Promise<SchemaColumn[]> {
  const query =
    testDialect === 'sqlite'
      ? sql<SchemaColumn>`
          select m.name as "table", c.name as "column"
          from sqlite_master m, pragma_table_info(m.name) c
          where m.type = 'table'`
      : sql<SchemaColumn>`
          select c.table_name as "table", c.column_name as "column"
          from information_schema.columns c
          join information_schema.tables t
            on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`;
  return (await query.execute(db)).rows;
}

/** One table's column names in this test's own database. */
export async function tableColumns(db: Kysely<unknown>, table: string): Promise<string[]> {
  return (await schemaColumns(db))
    .filter((found) => found.table === table)
    .map((found) => found.column);
}
