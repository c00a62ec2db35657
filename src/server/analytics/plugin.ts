import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '#server/config';
import { flushPeriodically, runPeriodically } from '#server/jobs/periodic';
import { openCountryDatabase } from './countries.js';
import { hourBucket } from './days.js';
import { Analytics, type GiftEventKind } from './record.js';
import { rollUp } from './rollup.js';
import { sweepAnalytics } from './sweep.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** First-party analytics' recorder (src/server/analytics, decision 026). */
    analytics: Analytics;
  }
}

/**
 * The analytics recorder, and its timer jobs: every second the events it holds are written
 * (event-buffer.ts); every `intervalMs` (a minute by default) the raw events since the last run
 * are rolled up, then the raw events past 30 days and the salts and visitors' hashes past two
 * days are swept.
 */
export const analyticsPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const analytics = new Analytics(
      app.database.db,
      app.database.background,
      {
        secret: config.authSecret,
        timeZone: config.timeZone,
        site: new URL(config.publicUrl).host,
        registrationWall: config.meter.registered > 0,
        countryOf: config.geoipDatabase ? openCountryDatabase(config.geoipDatabase) : undefined,
      },
      () => app.clock(),
      (err, what) => app.log.warn({ err }, `analytics: recording ${what} failed`),
    );
    app.decorate('analytics', analytics);
    flushPeriodically(app, 'writing analytics events', 1_000, () => analytics.flush());
    runPeriodically(
      app,
      'rolling up analytics',
      config.sweepIntervalMs ?? 60_000,
      async (signal) => {
        const now = app.clock();
        await analytics.flush();
        // On the background connection (a worker thread's, on SQLite): pages' reads go on.
        const { background } = app.database;
        const rolled = await rollUp(background, now, signal);
        const today = hourBucket(now, config.timeZone).slice(0, 10);
        return rolled + (await sweepAnalytics(background, analytics.salts, now, today, signal));
      },
    );
  },
  { name: 'analytics', dependencies: ['database'] },
);

/**
 * Records a gift link given or opened, for the gift links' feature: `articleId` is the article
 * the link opens. Never fails the request.
 */
export function recordGiftEvent(
  app: FastifyInstance,
  kind: GiftEventKind,
  request: FastifyRequest,
  articleId: number,
): Promise<void> {
  return app.analytics.gift(kind, request, articleId);
}
