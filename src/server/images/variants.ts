import type { Db } from '#server/db/database';
import type { ImageSize, ImageVariant } from './process.js';
import type { ImageStore } from './store.js';

/** A variant in the store: where it is shown, and its size. */
export interface StoredVariant extends ImageSize {
  url: string;
}

/** Hands an image's variants to the store; they are WebP like every image the pipeline makes. */
export function putVariants(
  store: Pick<ImageStore, 'put'>,
  variants: ImageVariant[],
): Promise<StoredVariant[]> {
  return Promise.all(
    variants.map(async ({ bytes, width, height }) => ({
      url: await store.put(bytes, 'webp'),
      width,
      height,
    })),
  );
}

/**
 * Records the sizes an image can be shown at: its variants and itself at its own size. The
 * same image stored again (content addressing makes it the same URL) keeps its rows.
 */
export async function recordVariants(
  db: Db,
  image: string,
  size: ImageSize,
  variants: StoredVariant[],
): Promise<void> {
  await db
    .insertInto('imageVariant')
    .values(
      [{ url: image, ...size }, ...variants].map(({ url, width, height }) => ({
        image,
        url,
        width,
        height,
      })),
    )
    .onConflict((oc) => oc.columns(['image', 'width']).doNothing())
    .execute();
}

/**
 * Whether `url` names an image this site stored (saveUploadedImage) and still holds: the store's
 * kind of URL, recorded with its widths. A URL merely shaped like one (a made-up hash, another
 * site's copy) is not, so an article or a logo shows only what was uploaded here.
 */
export async function isSavedImage(
  db: Db,
  store: Pick<ImageStore, 'owns'>,
  url: string,
): Promise<boolean> {
  if (!store.owns(url)) return false;
  const recorded = await db
    .selectFrom('imageVariant')
    .select('width')
    .where('image', '=', url)
    .limit(1)
    .executeTakeFirst();
  return recorded !== undefined;
}
