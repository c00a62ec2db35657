import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/errors';
import { imageMessages } from './limits.js';
import { processImage } from './process.js';
import { putVariants, recordVariants, type StoredVariant } from './variants.js';

export interface SavedImage {
  /** Where to show the image: site-relative (/uploads/…) or absolute (S3, imgbb). */
  url: string;
  width: number;
  height: number;
}

/**
 * The one way uploaded bytes become an image on the site: processed (see processImage), then
 * handed to the configured store. Throws AppError 400 or 413 for a refused image, 503 when the
 * store fails. It does CPU work and network I/O: call it before opening a database transaction,
 * never inside one. Its narrower variants are stored beside it and recorded (variants.ts). A store that can delete records the image (stored_image), so that the
 * sweeper deletes it once nothing has referred to it for a day (sweep.ts).
 */
export async function saveUploadedImage(app: FastifyInstance, bytes: Buffer): Promise<SavedImage> {
  const image = await processImage(bytes);
  let url: string;
  let variants: StoredVariant[];
  try {
    [url, variants] = await Promise.all([
      app.images.put(image.bytes, image.format),
      putVariants(app.images, image.variants),
    ]);
  } catch (err) {
    app.log.error({ err }, 'the image store failed');
    throw new AppError('unavailable', imageMessages.storeFailed);
  }
  if (app.images.remove) await recordStoredImage(app, url);
  await recordVariants(
    app.database.db,
    url,
    { width: image.width, height: image.height },
    variants,
  );
  return { url, width: image.width, height: image.height };
}

/** The same bytes stored again are one image, new again: its day before a sweep starts over. */
async function recordStoredImage(app: FastifyInstance, url: string): Promise<void> {
  const storedAt = app.clock().toISOString();
  await app.database.db
    .insertInto('storedImage')
    .values({ url, store: app.images.kind, storedAt })
    .onConflict((oc) => oc.column('url').doUpdateSet({ store: app.images.kind, storedAt }))
    .execute();
}
