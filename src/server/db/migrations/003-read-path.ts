import { sql, type Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/**
 * Title search without reading every title: a trigram index answers "contains this text" for
 * three characters or more. SQLite: an FTS5 table with the trigram tokenizer over article.title,
 * kept in step by triggers. PostgreSQL: pg_trgm's GIN index, which ILIKE uses by itself.
 * (articles/queries/title-search.ts decides when the index can help.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) {
    const schema = await trigramSchema(db);
    await sql`create index article_title_trgm_idx on article using gin (title ${sql.id(schema)}.gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  await sql`create virtual table article_title_fts using fts5(title, content='article', content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  await sql`insert into article_title_fts(article_title_fts) values ('rebuild')`.execute(db);
  await sql`create trigger article_title_fts_insert after insert on article begin
    insert into article_title_fts(rowid, title) values (new.id, new.title);
  end`.execute(db);
  await sql`create trigger article_title_fts_delete after delete on article begin
    insert into article_title_fts(article_title_fts, rowid, title) values ('delete', old.id, old.title);
  end`.execute(db);
  await sql`create trigger article_title_fts_update after update of title on article begin
    insert into article_title_fts(article_title_fts, rowid, title) values ('delete', old.id, old.title);
    insert into article_title_fts(rowid, title) values (new.id, new.title);
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) {
    await sql`drop index article_title_trgm_idx`.execute(db);
    return;
  }
  for (const trigger of ['insert', 'delete', 'update']) {
    await sql`drop trigger ${sql.id(`article_title_fts_${trigger}`)}`.execute(db);
  }
  await sql`drop table article_title_fts`.execute(db);
}

/**
 * Installs pg_trgm once per database (it is a trusted extension: the database owner may) and
 * answers the schema it lives in. It goes to `public` when there is one, not to the schema in
 * use: the tests give every file a schema of its own and drop it afterwards, and the extension
 * must not go with it. Kysely holds a database-wide lock while migrating, so two servers (or
 * test files) cannot both try to create it.
 */
async function trigramSchema(db: Kysely<unknown>): Promise<string> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'
      `.execute(db)
    ).rows[0]?.schema;
  const existing = await installed();
  if (existing) return existing;
  const { rows } = await sql<{ schema: string }>`
    select coalesce((select nspname from pg_namespace where nspname = 'public'), current_schema()) as schema
  `.execute(db);
  await sql`create extension if not exists pg_trgm schema ${sql.id(rows[0]!.schema)}`.execute(db);
  return (await installed())!;
}
