import { sql, type Kysely } from 'kysely';
import type { Db } from '#server/db/database';
import { testDialect } from './database.js';
import { schemaColumns } from './schema-columns.js';

/**
 * Every `table.column` of the database (each table of this run's schema, every column read as
 * text) whose value somewhere holds `text`: where a secret would be found by someone reading the
 * database or a backup of it.
 */
export async function columnsHolding(typed: Db, text: string): Promise<string[]> {
  const db = typed as unknown as Kysely<unknown>;
  const columns = await schemaColumns(db);
  const find = testDialect === 'sqlite' ? sql`instr` : sql`strpos`;
  const found: string[] = [];
  for (const { table, column } of columns) {
    const { rows } = await sql<{ hits: number | string }>`
      select count(*) as hits from ${sql.table(table)}
      where ${find}(cast(${sql.ref(column)} as text), ${text}) > 0`.execute(db);
    if (Number(rows[0]?.hits) > 0) found.push(`${table}.${column}`);
  }
  return found;
}
