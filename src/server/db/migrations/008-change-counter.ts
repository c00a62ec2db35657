import { sql, type Kysely } from 'kysely';

/**
 * One row counting the writes that change what the public lists, totals, feeds and pages show
 * (db/changes.ts). On SQLite, where several server processes share one file, each process reads
 * it before answering from its cache and forgets what it kept when the count has moved. On
 * PostgreSQL the processes tell each other with NOTIFY instead, and the row stays at 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('change_counter')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into change_counter (id, count) values (1, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('change_counter').execute();
}
