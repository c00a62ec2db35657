import { sql, type Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/**
 * Each published article's page as a guest gets it, rendered once and stored compressed
 * (pages/stored-pages.ts, docs/decisions/014-stored-article-pages.md), so a guest opening any of
 * a hundred thousand articles is sent stored bytes instead of waiting for a render.
 *
 * A row is claimed before the article is read for its render and filled after; the page is
 * valid for one build of the app and one day (the masthead's date). The database forgets a
 * stored page itself, by triggers, whenever anything the page shows changes, so no write path
 * can forget to, and a write landing between the claim and the fill removes the claim, so the
 * fill finds nothing to fill and the older render is never stored:
 * - article: any column but `view_count` (the count the page's state carries may lag, as it does
 *   in the kept pages); a deleted article takes its page with it (foreign key).
 * - article_tag: any write. image_variant: any write to the article's picture's widths.
 * - publisher: any change (its name on the page). user: the name, photo and address of bylines.
 */
const articleColumns =
  'title, image, publisher_id, description, excerpt, premium_excerpt, is_premium, is_approved, admin_message, revision_message, author_id, created_at, updated_at';

/** Each trigger: the table and event it follows, and which articles' pages it forgets. */
const forgets: { name: string; on: string; articles: (row: 'new' | 'old') => string }[] = [
  { name: 'article', on: `update of ${articleColumns} on article`, articles: (r) => `${r}.id` },
  ...(['insert', 'update', 'delete'] as const).map((event) => ({
    name: `article_tag_${event}`,
    on: `${event} on article_tag`,
    articles: (r: 'new' | 'old') => `${r}.article_id`,
  })),
  ...(['insert', 'update', 'delete'] as const).map((event) => ({
    name: `image_variant_${event}`,
    on: `${event} on image_variant`,
    articles: (r: 'new' | 'old') => `select id from article where image = ${r}.image`,
  })),
  {
    name: 'publisher',
    on: 'update on publisher',
    articles: (r) => `select id from article where publisher_id = ${r}.id`,
  },
  {
    name: 'user',
    on: 'update of name, image, email on "user"',
    articles: (r) => `select id from article where author_id = ${r}.id`,
  },
];

/** The rows a trigger's event has: an insert only new, a delete only old, an update both. */
function rowsOf(on: string): ('new' | 'old')[] {
  if (on.startsWith('insert')) return ['new'];
  if (on.startsWith('delete')) return ['old'];
  return ['old', 'new'];
}

function forgetting(articles: (row: 'new' | 'old') => string, on: string): string {
  const ids = rowsOf(on).map(articles);
  return ids
    .map((id) => `delete from stored_page where article_id in (${id});`)
    .filter((statement, i, all) => all.indexOf(statement) === i)
    .join(' ');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = columnTypes(db).postgres;
  await db.schema
    .createTable('stored_page')
    .addColumn('article_id', 'integer', (c) =>
      c.primaryKey().references('article.id').onDelete('cascade'),
    )
    /** The app's build and settings the page was rendered with (pages/stored-pages.ts). */
    .addColumn('build', 'text', (c) => c.notNull())
    /** The UTC day of the render, YYYY-MM-DD: the masthead shows it. */
    .addColumn('day', 'text', (c) => c.notNull())
    /** Set while a render is under way; null once the page is stored. */
    .addColumn('claim', 'text')
    /** Epoch milliseconds of the claim, so a render that died is claimed again later. */
    .addColumn('claimed_at', 'bigint', (c) => c.notNull())
    /** The page's HTML, gzip-compressed; null while claimed. */
    .addColumn('html_gzip', postgres ? 'bytea' : 'blob')
    .execute();

  for (const { name, on, articles } of forgets) {
    const trigger = sql.id(`stored_page_forget_${name}`);
    const body = sql.raw(forgetting(articles, on));
    if (postgres) {
      const fn = sql.id(`stored_page_forget_${name}`);
      await sql`create function ${fn}() returns trigger language plpgsql as $$
        begin ${body} return null; end $$`.execute(db);
      await sql`create trigger ${trigger} after ${sql.raw(on)}
        for each row execute function ${fn}()`.execute(db);
    } else {
      await sql`create trigger ${trigger} after ${sql.raw(on)}
        begin ${body} end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = columnTypes(db).postgres;
  for (const { name, on } of forgets) {
    const trigger = sql.id(`stored_page_forget_${name}`);
    const table = sql.raw(on.split(' on ')[1]!);
    await (
      postgres ? sql`drop trigger ${trigger} on ${table}` : sql`drop trigger ${trigger}`
    ).execute(db);
    if (postgres) await sql`drop function ${sql.id(`stored_page_forget_${name}`)}()`.execute(db);
  }
  await db.schema.dropTable('stored_page').execute();
}
