import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { maxImageBytes } from '#shared/images';
import type { AppConfig } from '../config.js';
import { createImageStore } from './create-store.js';
import { imageRoutes } from './routes.js';
import type { ImageStore } from './store.js';
import { imageSweepPlugin } from './sweep.js';
import { variantsBackfillPlugin } from './variants-backfill.js';

declare module 'fastify' {
  interface FastifyInstance {
    images: ImageStore;
  }
}

/**
 * The configured image store as `app.images`, the POST /api/images route (it needs the signed-in
 * user, hence the dependency on auth), the sweeper of unused images (sweep.ts), the backfill of
 * older images' variants (variants-backfill.ts), and multipart
 * parsing for the whole app. These limits
 * are POST /api/images's: one file of at most 5 MB beside at most 5 short fields. Forms with
 * text fields (registration, profile) read with their own, tighter limits
 * (http/multipart-form.ts).
 */
export const imagesPlugin = fp<{
  config: Pick<AppConfig, 'images' | 'dataDir' | 'sweepIntervalMs'>;
}>(
  async (app, { config }) => {
    await app.register(multipart, {
      limits: {
        fileSize: maxImageBytes,
        files: 1,
        fields: 5,
        fieldSize: 1024,
        parts: 6,
        headerPairs: 50,
      },
    });
    app.decorate('images', createImageStore(config));
    await app.register(imageRoutes);
    await app.register(imageSweepPlugin, { intervalMs: config.sweepIntervalMs });
    await app.register(variantsBackfillPlugin, { intervalMs: config.sweepIntervalMs });
  },
  { name: 'images', dependencies: ['auth'] },
);
