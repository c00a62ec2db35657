import fp from 'fastify-plugin';
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
    app.addHook('onClose', () => handle.close());
  },
  { name: 'database' },
);
