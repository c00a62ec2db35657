import fp from 'fastify-plugin';
import { rateLimits } from '#shared/rules/limits';
import { runPeriodically } from '../jobs/periodic.js';
import { BatchedAttempts } from '../rate-limit/batched-attempts.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each address's site searches against its budget (`rateLimits.searches`). */
    searchAttempts: BatchedAttempts;
  }
}

/** How often this process adds the searches it counted to the shared counters. */
const flushIntervalMs = 1_000;

/**
 * The search budget's counter (rate-limit/batched-attempts.ts): written to the shared table once a
 * second, and once more as the app closes, so no counted search is lost to a restart.
 */
export const searchAttemptsPlugin = fp(
  async (app) => {
    const attempts = new BatchedAttempts(app.database.db, 'search', rateLimits.searches);
    app.decorate('searchAttempts', attempts);
    runPeriodically(app, 'counting searches', flushIntervalMs, () =>
      attempts.flush(app.clock().getTime()),
    );
    app.addHook('preClose', () => attempts.flush(app.clock().getTime()));
  },
  { name: 'search-attempts', dependencies: ['database'] },
);
