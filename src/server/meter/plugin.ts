import fp from 'fastify-plugin';
import type { AppConfig } from '#server/config';
import { ReadingMeter } from './meter.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The reading meter: which premium articles a reader without premium reads in full. */
    readingMeter: ReadingMeter;
  }
}

export const readingMeterPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    app.decorate(
      'readingMeter',
      new ReadingMeter(
        app.database.db,
        {
          allowances: config.meter,
          secret: config.authSecret,
          timeZone: config.timeZone,
          secureCookie: config.publicUrl.startsWith('https:'),
        },
        () => app.clock(),
      ),
    );
  },
  { name: 'reading-meter', dependencies: ['database'] },
);
