import fp from 'fastify-plugin';
import { searchMessages } from '#shared/search';
import type { DatabaseHandle } from '#server/db/database';
import { AppError } from '#server/errors';
import { WorkGate, type GateLimits } from './work-gate.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site searches this process reads from the database at once, and those it refuses. */
    searchGate: WorkGate;
  }
}

/** When a refused search may try again. */
export const searchRetryAfterSeconds = 2;

/**
 * How many searches one process reads at once, by engine. SQLite runs each on one of its read
 * threads (db/sqlite-read-threads.ts), and a search keeps its turn through the main thread's
 * part too (the page's articles, the answer's JSON): three more than there are threads keep them
 * busy while the main thread works (with one more, the benchmark's searches were 255 a second
 * where they are 338 now: the thread waited between searches). On PostgreSQL each holds one of
 * the pool's ten connections for its read: four leave the rest to every other request, as
 * SQLite's threads leave its main connection alone. Either way a search that cannot start within a second is refused (503):
 * past capacity the wait would only grow (work-gate.ts).
 */
export function searchGateLimits(database: DatabaseHandle): GateLimits {
  const running = database.readThreads ? database.readThreads.count + 3 : 4;
  return { running, waiting: 100, waitMs: 1_000 };
}

export const searchGatePlugin = fp(
  async (app) => {
    app.decorate(
      'searchGate',
      new WorkGate(
        searchGateLimits(app.database),
        () => new AppError('unavailable', searchMessages.busy, searchRetryAfterSeconds),
      ),
    );
  },
  { name: 'search-gate', dependencies: ['database'] },
);
