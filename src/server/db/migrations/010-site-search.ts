import { sql, type Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/**
 * Site search (/search, search/queries.ts): a full-text index over the approved articles'
 * titles and texts, with English stemming, kept in step with every write by the database itself
 * (a trigger on SQLite, a generated column on PostgreSQL), so no write path can forget it.
 *
 * Each article is indexed as three parts, so that a reader who may not read premium text
 * searches only what is public (docs/decisions/006-site-search.md):
 * - title;
 * - shown: what anyone may read: a free article's text, a premium article's premium excerpt;
 * - hidden: a premium article's whole text (empty for a free article).
 *
 * SQLite: an FTS5 table with the porter stemmer over unicode61 (diacritics folded), holding
 * approved articles only. PostgreSQL: a tsvector column with the parts weighted A, B and C under
 * the english configuration, and a GIN index over the approved rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) {
    await sql`alter table article add column search tsvector generated always as (
      setweight(to_tsvector('english'::regconfig, title), 'A') ||
      setweight(to_tsvector('english'::regconfig,
        case when is_premium then premium_excerpt else description end), 'B') ||
      setweight(to_tsvector('english'::regconfig,
        case when is_premium then description else '' end), 'C')
    ) stored`.execute(db);
    await sql`create index article_search_idx on article using gin (search) where is_approved`.execute(
      db,
    );
    return;
  }
  await sql`create virtual table article_search using fts5(title, shown, hidden, tokenize='porter unicode61 remove_diacritics 2')`.execute(
    db,
  );
  await sql`insert into article_search(rowid, title, shown, hidden)
    select id, ${parts('article')} from article where is_approved`.execute(db);
  // Any change to what is indexed (or to whether the article is approved) replaces its entry.
  await sql`create trigger article_search_insert after insert on article when new.is_approved begin
    insert into article_search(rowid, title, shown, hidden) values (new.id, ${parts('new')});
  end`.execute(db);
  await sql`create trigger article_search_delete after delete on article begin
    delete from article_search where rowid = old.id;
  end`.execute(db);
  await sql`create trigger article_search_update
    after update of title, description, premium_excerpt, is_premium, is_approved on article begin
    delete from article_search where rowid = old.id;
    insert into article_search(rowid, title, shown, hidden)
      select new.id, ${parts('new')} where new.is_approved;
  end`.execute(db);
}

/** The three indexed parts of the article row `row` (a table name, or a trigger's new/old). */
function parts(row: 'article' | 'new') {
  const column = (name: string) => sql.raw(`${row}.${name}`);
  return sql`${column('title')},
    case when ${column('is_premium')} then ${column('premium_excerpt')} else ${column('description')} end,
    case when ${column('is_premium')} then ${column('description')} else '' end`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) {
    await sql`drop index article_search_idx`.execute(db);
    await sql`alter table article drop column search`.execute(db);
    return;
  }
  for (const trigger of ['insert', 'delete', 'update']) {
    await sql`drop trigger ${sql.id(`article_search_${trigger}`)}`.execute(db);
  }
  await sql`drop table article_search`.execute(db);
}
