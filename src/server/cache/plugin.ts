import fp from 'fastify-plugin';
import type { AppConfig } from '#server/config';
import type { ChangeWatch } from '#server/db/changes';
import { KeptReads } from './kept-reads.js';
import { PagePurge } from './purge-hook.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public answers (lists, totals, feeds) this process keeps. */
    publicReads: KeptReads;
    /** Search answers this process keeps, apart from the lists (see rooms). */
    searchReads: KeptReads;
    /** Articles' details as guests get them, apart from the lists (see rooms). */
    articleReads: KeptReads;
    /** Guests' pages this process keeps (pages/guest-pages.ts). */
    guestPages: KeptReads;
    /** The changes to what the public sees, as this process follows them (db/changes.ts). */
    publicChanges: ChangeWatch;
    /** Tells the CDN in front which pages this process's writes changed (purge-hook.ts). */
    pagePurge: PagePurge;
  }
}

const megabytes = 1024 * 1024;

/**
 * The rooms, in bytes of the answers' text. In memory an answer takes a few times that: the
 * objects it was made from, its text and bytes, its compressed copies.
 *
 * - Lists, totals and feeds: about 2,500 pages of twelve articles (6 KB of JSON each).
 * - Search answers are as many as the words readers type, and larger than a list's page (14 KB
 *   of JSON with their facets): among the lists, a burst of new words would hold the room and
 *   leave the lists only what they use more recently. Apart, they have their own.
 * - Articles' details, about 1,000 of 4 to 15 KB: as many as the articles, most asked for once
 *   (opened at random from the archive), so apart from the lists too.
 * - Guests' pages: about 500 of 30 KB of HTML, counted twice for their compressed copies.
 */
const rooms = {
  publicReads: 16 * megabytes,
  searchReads: 8 * megabytes,
  articleReads: 8 * megabytes,
  guestPages: 32 * megabytes,
};

/**
 * A guest's detail is kept from its second request among this many lately asked for: popular
 * articles are, articles opened once at random from the archive are not (kept-reads.ts).
 */
const articlesAskedLately = 2_000;

/**
 * What this process keeps of what the public sees, invalidated at once whenever the database
 * announces a change to it, whoever wrote it (db/changes.ts). Writes need not do anything for
 * these; the CDN in front is told by the write routes (`pagePurge`).
 */
export const cachePlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const changes = await app.database.watchChanges(app.log);
    app.decorate('publicReads', new KeptReads(changes, rooms.publicReads));
    app.decorate('searchReads', new KeptReads(changes, rooms.searchReads));
    app.decorate(
      'articleReads',
      new KeptReads(changes, rooms.articleReads, { keptFromSecondAsk: articlesAskedLately }),
    );
    app.decorate('guestPages', new KeptReads(changes, rooms.guestPages));
    app.decorate('publicChanges', changes);
    const purge = new PagePurge(config.cdnPurge, config.publicUrl, app.log, config.purgeDelayMs);
    app.decorate('pagePurge', purge);
    app.addHook('onClose', () => Promise.all([changes.close(), purge.close()]));
  },
  { name: 'cache', dependencies: ['database'] },
);
