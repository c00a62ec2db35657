import type { Kysely } from 'kysely';

/**
 * The narrower copies of each stored image (images/limits.ts imageVariantWidths), one row per
 * width: `image` is the URL articles, users and publishers refer to, `url` where the copy of
 * `width` pixels is shown. The image itself has a row too, at its own width, so an image's rows
 * are the whole srcset, and an image with none has not been given its variants yet (images
 * stored before this table existed, which images/variants-backfill.ts takes care of).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('image_variant')
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('image_variant_pkey', ['image', 'width'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('image_variant').execute();
}
