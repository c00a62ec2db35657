import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { timeQueriesOf, type QueryTiming } from '#server/db/query-timing';

declare module 'fastify' {
  interface FastifyRequest {
    timing?: QueryTiming & { start: number };
  }
}

/**
 * SERVER_TIMING=true: every answer says what it cost in a Server-Timing header, `db` (the time
 * its queries took on their connections, and how many there were) and `app` (the whole request
 * up to its answer), which browsers' developer tools show and `npm run bench -- --db-share`
 * reads for each route's database share. Off by default: timings tell a stranger how much work
 * a request caused.
 */
export function installServerTiming(app: FastifyInstance): void {
  app.decorateRequest('timing', undefined);
  app.addHook('onRequest', (request, _reply, done) => {
    const timing = { start: performance.now(), databaseMs: 0, queries: 0 };
    request.timing = timing;
    // done() inside: the rest of the request's life, and each query it makes, counts into it.
    timeQueriesOf(timing, done);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const timing = request.timing;
    if (timing) {
      const total = performance.now() - timing.start;
      reply.header(
        'server-timing',
        `db;dur=${timing.databaseMs.toFixed(2)};desc="${timing.queries} queries", ` +
          `app;dur=${total.toFixed(2)}`,
      );
    }
    return payload;
  });
}
