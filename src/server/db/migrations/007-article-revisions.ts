import type { Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/**
 * Pending revisions (docs/decisions/004-pending-revisions.md): an author's edit of a published
 * article waits here while the approved text stays live. An article has at most one (a second
 * edit replaces the first); approving copies it onto the article, declining deletes it and
 * leaves the reason in `article.revision_message` for the author. Tags are kept as one
 * comma-separated text (a tag never holds a comma).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('article_revision')
    // An id is never given again, even on SQLite (AUTOINCREMENT), where a plain rowid key would
    // give the replacement of the newest edit the id of the one it replaced: an editor's review
    // names the edit they saw by its id.
    .addColumn('id', t.serial, (c) =>
      t.postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('article_id', 'integer', (c) =>
      c.notNull().references('article.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('publisher_id', 'integer', (c) => c.notNull().references('publisher.id'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('submitted_at', t.timestamp, (c) => c.notNull())
    .execute();
  // One pending edit per article; also how an article's is found.
  await db.schema
    .createIndex('article_revision_article_key')
    .on('article_revision')
    .unique()
    .column('article_id')
    .execute();
  // The editors' queue: oldest first.
  await db.schema
    .createIndex('article_revision_submitted_idx')
    .on('article_revision')
    .columns(['submitted_at', 'id'])
    .execute();
  // The image sweeper keeps every image an edit awaiting review refers to (images/sweep.ts).
  await db.schema
    .createIndex('article_revision_image_idx')
    .on('article_revision')
    .column('image')
    .execute();

  await db.schema.alterTable('article').addColumn('revision_message', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('article').dropColumn('revision_message').execute();
  await db.schema.dropTable('article_revision').execute();
}
