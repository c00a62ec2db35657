import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/api-error';
import { beaconEventSchema } from '#shared/api/analytics';
import { rateLimits } from '#shared/rules/limits';
import { AppError } from '#server/errors';
import { flushPeriodically } from '#server/jobs/periodic';
import { BatchedAttempts } from '#server/rate-limit/batched-attempts';

/** A beacon's event is a few hundred bytes; its path and referrer are at most 2,048 each. */
const beaconBodyLimit = 4 * 1024;

/**
 * POST /api/events: the page beacon's events. `navigator.sendBeacon(url, JSON.stringify(event))`
 * posts its string as `text/plain`, which (unlike JSON) it may send without a preflight, so this
 * route, alone in the API, reads a text/plain body as JSON too. Its own encapsulated context
 * keeps that parser here. Counted per address in memory and shared each second, as searches
 * are (rate-limit/batched-attempts.ts): a beacon a page view should not cost a write of its own.
 */
export const analyticsCollectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError('bad_request', 'An event is a JSON object'), undefined);
    }
  });
  const attempts = new BatchedAttempts(
    app.database.background,
    'analytics-event',
    rateLimits.analyticsEvents,
  );
  flushPeriodically(app, 'counting analytics beacons', 1_000, () =>
    attempts.flush(app.clock().getTime()),
  );

  app.post(
    '/api/events',
    {
      bodyLimit: beaconBodyLimit,
      schema: {
        tags: ['analytics'],
        summary: "One page beacon's event (JSON, as text/plain or application/json; anyone)",
        description:
          'Answers 204 whether or not the event is kept: a crawler’s, and a browser’s that ' +
          'sends `DNT: 1` or `Sec-GPC: 1`, leave nothing. 400 for an event not of the schema ' +
          '(nothing kept), 413 past 4 KB, 429 past 120 events a minute from one address.',
        consumes: ['application/json', 'text/plain'],
        body: beaconEventSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 413: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!attempts.consume(request.ip, app.clock().getTime())) {
        throw new AppError('rate_limited', 'Too many events from this address. Please slow down.');
      }
      await app.analytics.collect(request, request.body);
      return reply.code(204).send(null);
    },
  );
};
