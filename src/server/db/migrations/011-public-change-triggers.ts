import { sql, type Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/**
 * The database itself announces every write that changes what the public lists, totals, feeds,
 * search answers and guests' pages show, so that every server process invalidates what it kept
 * (db/changes.ts, docs/decisions/008-shared-forgetting.md). Until now each write path announced
 * its own writes; a path that forgot left other processes' answers stale. A trigger cannot be
 * forgotten, and it sees writes made outside the server too (a script, a psql session).
 *
 * - SQLite: each such write counts one in `change_counter`, in the write's own transaction.
 * - PostgreSQL: each such statement NOTIFYs `tribune_changes` with its schema's name, delivered
 *   when (and only if) the transaction commits.
 *
 * What is watched, and what is not:
 * - article: inserted, deleted, or any column a reader sees changed. Not `view_count` (every
 *   read counts one: the trending order may lag by the caches' lifetimes), nor the admin's and
 *   revision messages, which only the author and admins see, uncached.
 * - article_tag, publisher: any write. image_variant: new widths (the srcset of every card).
 * - user: the name and photo that bylines show.
 */
const watched: { table: string; events: string[] }[] = [
  {
    table: 'article',
    events: [
      'insert',
      'delete',
      'update of title, image, publisher_id, description, excerpt, premium_excerpt, is_premium, is_approved, author_id, created_at, updated_at',
    ],
  },
  { table: 'article_tag', events: ['insert', 'delete', 'update'] },
  { table: 'publisher', events: ['insert', 'delete', 'update'] },
  { table: 'image_variant', events: ['insert'] },
  { table: 'user', events: ['update of name, image'] },
];

const triggerName = (table: string, event: string) =>
  sql.id(`${table}_public_${event.split(' ')[0]}`);

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = columnTypes(db).postgres;
  if (postgres) {
    await sql`create function tribune_public_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify('tribune_changes', tg_table_schema);
        return null;
      end $$`.execute(db);
  }
  for (const { table, events } of watched) {
    for (const event of events) {
      // One notice per statement is enough: PostgreSQL folds a transaction's equal notices.
      await (
        postgres
          ? sql`create trigger ${triggerName(table, event)} after ${sql.raw(event)} on ${sql.id(table)}
            for each statement execute function tribune_public_change()`
          : sql`create trigger ${triggerName(table, event)} after ${sql.raw(event)} on ${sql.id(table)}
            begin update change_counter set count = count + 1 where id = 1; end`
      ).execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = columnTypes(db).postgres;
  for (const { table, events } of watched) {
    for (const event of events) {
      await (
        postgres
          ? sql`drop trigger ${triggerName(table, event)} on ${sql.id(table)}`
          : sql`drop trigger ${triggerName(table, event)}`
      ).execute(db);
    }
  }
  if (postgres) await sql`drop function tribune_public_change()`.execute(db);
}
