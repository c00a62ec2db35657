import fp from 'fastify-plugin';
import type { AppConfig } from '#server/config';
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
 * user, hence the dependency on auth), the sweeper of unused images (sweep.ts) and the backfill
 * of older images' variants (variants-backfill.ts).
 */
export const imagesPlugin = fp<{
  config: Pick<AppConfig, 'images' | 'dataDir' | 'sweepIntervalMs'>;
}>(
  async (app, { config }) => {
    app.decorate('images', createImageStore(config));
    await app.register(imageRoutes);
    await app.register(imageSweepPlugin, { intervalMs: config.sweepIntervalMs });
    await app.register(variantsBackfillPlugin, { intervalMs: config.sweepIntervalMs });
  },
  { name: 'images', dependencies: ['auth'] },
);
