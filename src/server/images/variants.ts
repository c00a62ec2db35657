import type { Db } from '../db/database.js';
import type { ImageVariant } from './process.js';
import type { ImageStore } from './store.js';

/** A variant in the store: where it is shown, and how wide it is. */
export interface StoredVariant {
  url: string;
  width: number;
}

/** Hands an image's variants to the store; they are WebP like every image the pipeline makes. */
export function putVariants(
  store: Pick<ImageStore, 'put'>,
  variants: ImageVariant[],
): Promise<StoredVariant[]> {
  return Promise.all(
    variants.map(async ({ bytes, width }) => ({ url: await store.put(bytes, 'webp'), width })),
  );
}

/**
 * Records the widths an image can be shown at: its variants and itself at its own width. The
 * same image stored again (content addressing makes it the same URL) keeps its rows.
 */
export async function recordVariants(
  db: Db,
  image: string,
  width: number,
  variants: StoredVariant[],
): Promise<void> {
  await db
    .insertInto('imageVariant')
    .values([{ url: image, width }, ...variants].map((variant) => ({ image, ...variant })))
    .onConflict((oc) => oc.columns(['image', 'width']).doNothing())
    .execute();
}
