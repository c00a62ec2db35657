import fp from 'fastify-plugin';
import type { ChangeWatch } from '../db/changes.js';
import { GuestPages } from './guest-pages.js';
import { PublicReads } from './public-reads.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public answers (lists, totals, feeds) this process keeps. */
    publicReads: PublicReads;
    /** Search answers this process keeps, apart from the lists (see searchAnswersKept). */
    searchReads: PublicReads;
    /** Guests' pages this process keeps. */
    guestPages: GuestPages;
    /** The changes to what the public sees, as this process follows them (db/changes.ts). */
    publicChanges: ChangeWatch;
  }
}

/**
 * Search answers are as many as the words readers type, and larger than a list's page (14 KB of
 * JSON with their facets): kept among the lists, a burst of new words would push the home page's
 * lists out and hold 2,000 of them. Apart, they have their own, smaller room.
 */
const searchAnswersKept = 500;

/**
 * What this process keeps of what the public sees, invalidated at once whenever the database
 * announces a change to it, whoever wrote it (db/changes.ts). Writes need not do anything.
 */
export const cachePlugin = fp(
  async (app) => {
    const changes = await app.database.watchChanges(app.log);
    app.decorate('publicReads', new PublicReads(changes));
    app.decorate('searchReads', new PublicReads(changes, searchAnswersKept));
    app.decorate('guestPages', new GuestPages(changes));
    app.decorate('publicChanges', changes);
    app.addHook('onClose', () => changes.close());
  },
  { name: 'cache', dependencies: ['database'] },
);
