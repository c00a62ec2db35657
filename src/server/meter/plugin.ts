import fp from 'fastify-plugin';
import type { AppConfig } from '#server/config';
import { flushPeriodically } from '#server/jobs/periodic';
import { ReadingMeter } from './meter.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The reading meter: which premium articles a reader without premium reads in full. */
    readingMeter: ReadingMeter;
  }
}

export const readingMeterPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const meter = new ReadingMeter(
      app.database.db,
      app.database.background,
      {
        allowances: config.meter,
        secret: config.authSecret,
        timeZone: config.timeZone,
        secureCookie: config.publicUrl.startsWith('https:'),
      },
      () => app.clock(),
    );
    app.decorate('readingMeter', meter);
    // The reads granted are written every second (held-reads.ts), and as the app closes.
    flushPeriodically(app, 'writing metered reads', 1_000, () => meter.reads.flush());
  },
  { name: 'reading-meter', dependencies: ['database'] },
);
