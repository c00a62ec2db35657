import fp from 'fastify-plugin';
import { GuestPages } from './guest-pages.js';
import { PublicReads } from './public-reads.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public answers (lists, totals, search answers, feeds) this process keeps. */
    publicReads: PublicReads;
    /** Guests' pages this process keeps. */
    guestPages: GuestPages;
  }
}

/**
 * What this process keeps of what the public sees, invalidated at once whenever the database
 * announces a change to it, whoever wrote it (db/changes.ts). Writes need not do anything.
 */
export const cachePlugin = fp(
  async (app) => {
    const changes = await app.database.watchChanges(app.log);
    app.decorate('publicReads', new PublicReads(changes));
    app.decorate('guestPages', new GuestPages(changes));
    app.addHook('onClose', () => changes.close());
  },
  { name: 'cache', dependencies: ['database'] },
);
