import { createHash } from 'node:crypto';

/** The formats the pipeline stores (the demo seed stores WebP too). */
export type ImageFormat = 'webp' | 'jpeg';

/** Where processed images are kept: local disk, an S3-compatible bucket, or imgbb. */
export interface ImageStore {
  readonly kind: 'local' | 's3' | 'imgbb';
  /** Stores the bytes and answers the URL to show them at (absolute, or site-relative). */
  put(bytes: Buffer, format: ImageFormat): Promise<string>;
  /**
   * Deletes the images shown at these URLs (ones already gone are fine). imgbb has none: its
   * API cannot delete, so its images are never swept.
   */
  remove?(urls: string[]): Promise<void>;
  /**
   * The bytes of an image this store holds, for making the variants of images stored before
   * they existed (variants-backfill.ts). imgbb has none: those images keep their one width.
   */
  read?(url: string): Promise<Buffer>;
  /** Whether `url` is one this store could have answered from `put`: articles accept no other. */
  owns(url: string): boolean;
}

export const imageContentType: Record<ImageFormat, string> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

const extension: Record<ImageFormat, string> = { webp: 'webp', jpeg: 'jpg' };

/** The bytes behind a name never change, so caches may keep them for a year. */
export const immutableCacheControl = 'public, max-age=31536000, immutable';

/** The names `contentAddressedName` makes. */
export const contentAddressedPattern = /^[0-9a-f]{32}\.(?:webp|jpg)$/;

/** A name made from the bytes alone: no user text ever reaches a path, and re-storing is a no-op. */
export function contentAddressedName(bytes: Buffer, format: ImageFormat): string {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  return `${hash}.${extension[format]}`;
}
