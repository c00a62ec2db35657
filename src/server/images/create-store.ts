import path from 'node:path';
import type { AppConfig } from '#server/config';
import { ImgbbImageStore } from './imgbb-store.js';
import { LocalImageStore } from './local-store.js';
import { S3ImageStore } from './s3-store.js';
import type { ImageStore } from './store.js';

/** The store the configuration asks for (IMAGE_STORE; local disk by default). */
export function createImageStore(config: Pick<AppConfig, 'images' | 'dataDir'>): ImageStore {
  switch (config.images.kind) {
    case 'local':
      return new LocalImageStore(path.join(config.dataDir, 'uploads'));
    case 's3':
      return new S3ImageStore(config.images);
    case 'imgbb':
      return new ImgbbImageStore(config.images);
  }
}
