import { sql, type Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/**
 * A stored article page (migration 015) shows its author's photo in its stored widths too (the
 * byline's avatar has a srcset), so a write to those widths forgets the pages of the author's
 * articles, as one to the article's own picture's widths does. The three image_variant triggers
 * are made again with both. A photo's article ids come through user_image_idx and the
 * articles' author index.
 */
const events = ['insert', 'update', 'delete'] as const;
type Row = 'new' | 'old';

/** The rows an event has: an insert only new, a delete only old, an update both. */
const rowsOf = (event: (typeof events)[number]): Row[] =>
  event === 'insert' ? ['new'] : event === 'delete' ? ['old'] : ['old', 'new'];

function forgetting(event: (typeof events)[number], withPhotos: boolean): string {
  return rowsOf(event)
    .map((row) => {
      const pictures = `select id from article where image = ${row}.image`;
      const photos = `select a.id from article a join "user" u on u.id = a.author_id where u.image = ${row}.image`;
      return `delete from stored_page where article_id in (${pictures}${withPhotos ? ` union ${photos}` : ''});`;
    })
    .join(' ');
}

async function makeTriggers(db: Kysely<unknown>, withPhotos: boolean): Promise<void> {
  const postgres = columnTypes(db).postgres;
  for (const event of events) {
    const name = sql.id(`stored_page_forget_image_variant_${event}`);
    const body = sql.raw(forgetting(event, withPhotos));
    if (postgres) {
      // The trigger calls a function of its own name, which is replaced in place.
      await sql`create or replace function ${name}() returns trigger language plpgsql as $$
        begin ${body} return null; end $$`.execute(db);
    } else {
      await sql`drop trigger ${name}`.execute(db);
      await sql`create trigger ${name} after ${sql.raw(event)} on image_variant
        begin ${body} end`.execute(db);
    }
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await makeTriggers(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await makeTriggers(db, false);
}
