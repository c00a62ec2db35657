import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import { imageMessages } from './limits.js';
import { processImage } from './process.js';

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
 * never inside one.
 */
export async function saveUploadedImage(app: FastifyInstance, bytes: Buffer): Promise<SavedImage> {
  const image = await processImage(bytes);
  try {
    const url = await app.images.put(image.bytes, image.format);
    return { url, width: image.width, height: image.height };
  } catch (err) {
    app.log.error({ err }, 'the image store failed');
    throw new AppError('unavailable', imageMessages.storeFailed);
  }
}
