import { sql, type Kysely } from 'kysely';
import { headingsText } from '#shared/article-body/headings';
import type { ArticleBody } from '#shared/article-body/schema';
import { columnTypes } from '#server/db/column-types';

/** Rows read per statement when filling the new column. */
const batch = 500;

/**
 * Site search weighs an article's headings above its text: a story whose subheading names a
 * subject ranks above one that only mentions it. Articles get a `headings` column (their
 * headings' text, one a line, kept by every write from the body: shared/excerpt.ts), filled
 * here from the bodies that have headings, and the index of migration 010 gets a part for it:
 * - title;
 * - headings: a free article's headings. A premium article's headings are part of its hidden
 *   text, which a reader who may not read it never searches (their place in the body is past
 *   the free part but for the rare opening heading, so they stay there);
 * - shown and hidden as before.
 *
 * SQLite: the FTS5 table is made again with four columns, and so are its triggers. PostgreSQL:
 * the generated vector is made again with the parts weighted A (title), B (headings), C (shown)
 * and D (hidden), kept in the row (migration 014), with its index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('article')
    .addColumn('headings', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await fillHeadings(db);
  if (columnTypes(db).postgres) {
    await replacePostgresVector(db, true);
    return;
  }
  await dropSqliteIndex(db);
  await sql`create virtual table article_search using fts5(title, headings, shown, hidden, tokenize='porter unicode61 remove_diacritics 2')`.execute(
    db,
  );
  await createSqliteIndex(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) {
    await replacePostgresVector(db, false);
  } else {
    await dropSqliteIndex(db);
    await sql`create virtual table article_search using fts5(title, shown, hidden, tokenize='porter unicode61 remove_diacritics 2')`.execute(
      db,
    );
    await createSqliteIndex(db, false);
  }
  await db.schema.alterTable('article').dropColumn('headings').execute();
}

async function fillHeadings(db: Kysely<unknown>): Promise<void> {
  for (let after = 0; ;) {
    // Only a body with a heading has anything to fill (bodies before 019 had none).
    const { rows } = await sql<{ id: number; body: string }>`
      select id, body from article
      where id > ${after} and body like ${'%"type":"heading"%'}
      order by id limit ${batch}`.execute(db);
    if (rows.length === 0) return;
    for (const row of rows) {
      const headings = headingsText(JSON.parse(row.body) as ArticleBody);
      await sql`update article set headings = ${headings} where id = ${row.id}`.execute(db);
    }
    after = rows.at(-1)!.id;
  }
}

async function replacePostgresVector(db: Kysely<unknown>, withHeadings: boolean): Promise<void> {
  await sql`drop index article_search_idx`.execute(db);
  await sql`alter table article drop column search`.execute(db);
  const vector = withHeadings
    ? sql`setweight(to_tsvector('english'::regconfig, title), 'A') ||
      setweight(to_tsvector('english'::regconfig,
        case when is_premium then '' else headings end), 'B') ||
      setweight(to_tsvector('english'::regconfig,
        case when is_premium then premium_excerpt else description end), 'C') ||
      setweight(to_tsvector('english'::regconfig,
        case when is_premium then description else '' end), 'D')`
    : sql`setweight(to_tsvector('english'::regconfig, title), 'A') ||
      setweight(to_tsvector('english'::regconfig,
        case when is_premium then premium_excerpt else description end), 'B') ||
      setweight(to_tsvector('english'::regconfig,
        case when is_premium then description else '' end), 'C')`;
  await sql`alter table article add column search tsvector generated always as (${vector}) stored`.execute(
    db,
  );
  await sql`alter table article alter column search set storage main`.execute(db);
  await sql`create index article_search_idx on article using gin (search) where is_approved`.execute(
    db,
  );
}

async function dropSqliteIndex(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['insert', 'delete', 'update']) {
    await sql`drop trigger ${sql.id(`article_search_${trigger}`)}`.execute(db);
  }
  await sql`drop table article_search`.execute(db);
}

/** Fills article_search (made with or without the headings column) and keeps it in step. */
async function createSqliteIndex(db: Kysely<unknown>, withHeadings: boolean): Promise<void> {
  const columns = sql.raw(
    withHeadings ? 'rowid, title, headings, shown, hidden' : 'rowid, title, shown, hidden',
  );
  const parts = (row: 'article' | 'new') => {
    const column = (name: string) => sql.raw(`${row}.${name}`);
    const headings = withHeadings
      ? sql`case when ${column('is_premium')} then '' else ${column('headings')} end,`
      : sql``;
    return sql`${column('id')}, ${column('title')}, ${headings}
      case when ${column('is_premium')} then ${column('premium_excerpt')} else ${column('description')} end,
      case when ${column('is_premium')} then ${column('description')} else '' end`;
  };
  const watched = sql.raw(
    `title, ${withHeadings ? 'headings, ' : ''}description, premium_excerpt, is_premium, is_approved`,
  );
  await sql`insert into article_search(${columns})
    select ${parts('article')} from article where is_approved`.execute(db);
  await sql`create trigger article_search_insert after insert on article when new.is_approved begin
    insert into article_search(${columns}) values (${parts('new')});
  end`.execute(db);
  await sql`create trigger article_search_delete after delete on article begin
    delete from article_search where rowid = old.id;
  end`.execute(db);
  await sql`create trigger article_search_update after update of ${watched} on article begin
    delete from article_search where rowid = old.id;
    insert into article_search(${columns}) select ${parts('new')} where new.is_approved;
  end`.execute(db);
  // Merging as migration 017 set it, for the new table.
  await sql`insert into article_search(article_search, rank) values ('usermerge', 2)`.execute(db);
}
