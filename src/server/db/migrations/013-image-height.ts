import type { Kysely } from 'kysely';

/**
 * Each stored width of an image records its height too, so the article page reads its picture's
 * size (og:image:width and height, the structured data) in the article's own query instead of
 * opening the file. Rows recorded before this have none: the variants backfill reads each such
 * image's header once and fills them (images/variants-backfill.ts). That update fires no change
 * notice (migration 011 announces inserts into image_variant): a kept page may go without the
 * size for its short life.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('image_variant').addColumn('height', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('image_variant').dropColumn('height').execute();
}
