import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#server/errors';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Checks that the server and its database answer',
        response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }) },
      },
    },
    async () => {
      // A server that is shutting down asks the load balancer to send its traffic elsewhere.
      if (app.draining.active) throw new AppError('unavailable', 'The server is shutting down');
      try {
        await app.database.ping();
      } catch (err) {
        app.log.error({ err }, 'health check: database unreachable');
        throw new AppError('unavailable', 'The database is not answering');
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );

  // A liveness probe: the process answers, whatever the database does. It does no work at all,
  // which also makes it the benchmark's ceiling (the fastest a JSON route of this server can be).
  app.get(
    '/api/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'Checks that the server process answers (no database work)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
};
