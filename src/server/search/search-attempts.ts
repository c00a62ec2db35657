import fp from 'fastify-plugin';
import { rateLimits } from '#shared/rules/limits';
import { flushPeriodically } from '#server/jobs/periodic';
import { BatchedAttempts } from '#server/rate-limit/batched-attempts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each address's site searches against its budget (`rateLimits.searches`). */
    searchAttempts: BatchedAttempts;
  }
}

/**
 * The search budget's counter (rate-limit/batched-attempts.ts), written to the shared table once a
 * second.
 */
export const searchAttemptsPlugin = fp(
  async (app) => {
    const attempts = new BatchedAttempts(app.database.background, 'search', rateLimits.searches);
    app.decorate('searchAttempts', attempts);
    flushPeriodically(app, 'counting searches', 1_000, () => attempts.flush(app.clock().getTime()));
  },
  { name: 'search-attempts', dependencies: ['database'] },
);
