import fp from 'fastify-plugin';
import { followChanges } from './changes.js';
import type { DatabaseHandle } from './database.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

/** Makes the opened database available to every feature; closes it when the app closes. */
export const databasePlugin = fp<{ handle: DatabaseHandle }>(
  async (app, { handle }) => {
    app.decorate('database', handle);
    // Other processes' writes to public content invalidate what this one kept, at once.
    const watch = await handle.watchChanges(app.log);
    followChanges(handle.db, watch, app.log);
    app.addHook('onClose', async () => {
      await watch.close();
      await handle.close();
    });
  },
  { name: 'database' },
);
