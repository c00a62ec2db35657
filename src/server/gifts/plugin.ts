import fp from 'fastify-plugin';
import type { AppConfig } from '#server/config';
import { runPeriodically } from '#server/jobs/periodic';
import { GiftLinks } from './gift-links.js';
import { sweepEndedOpenings } from './sweep.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Gift links: premium articles shared with readers without premium (decision 024). */
    giftLinks: GiftLinks;
  }
}

/** GIFTS_PER_MONTH unless set. */
export const defaultGiftsPerMonth = 10;

export const giftLinksPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    app.decorate(
      'giftLinks',
      new GiftLinks(
        app.database.db,
        {
          perMonth: config.giftsPerMonth ?? defaultGiftsPerMonth,
          secret: config.authSecret,
          publicUrl: config.publicUrl,
          secureCookie: config.publicUrl.startsWith('https:'),
        },
        app.readingMeter,
        () => app.clock(),
      ),
    );
    runPeriodically(app, 'sweeping ended gift links’ openings', 60 * 60_000, (signal) =>
      sweepEndedOpenings(app.database.db, app.clock(), signal),
    );
  },
  { name: 'gift-links', dependencies: ['database', 'reading-meter'] },
);
