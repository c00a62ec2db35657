import path from 'node:path';
import sharp from 'sharp';
import { LocalImageStore } from '../images/local-store.js';
import type { ImageStore } from '../images/store.js';
import type { ImageSizeOf } from './queries/reading.js';

/** Sizes remembered per process; an image's bytes never change behind its name. */
const maxEntries = 10_000;

const readers = new WeakMap<ImageStore, ImageSizeOf>();

/**
 * The size of the images this server stores on its own disk, read from the file's header once
 * and then remembered: link previews (og:image:width/height) and the article's structured data
 * want it, and articles do not store it. Images in another store (S3, imgbb) answer null rather
 * than a request to that store.
 */
export function imageSizeReader(store: ImageStore): ImageSizeOf {
  let reader = readers.get(store);
  if (!reader) readers.set(store, (reader = newReader(store)));
  return reader;
}

function newReader(store: ImageStore): ImageSizeOf {
  const sizes = new Map<string, Promise<{ width: number; height: number } | null>>();
  return (url) => {
    if (!(store instanceof LocalImageStore) || !store.owns(url)) return Promise.resolve(null);
    let size = sizes.get(url);
    if (!size) {
      size = sharp(path.join(store.dir, path.basename(url)))
        .metadata()
        .then(({ width, height }) => (width && height ? { width, height } : null))
        .catch(() => null);
      if (sizes.size >= maxEntries) sizes.delete(sizes.keys().next().value!);
      sizes.set(url, size);
    }
    return size;
  };
}
