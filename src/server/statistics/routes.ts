import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readStatistics } from './queries.js';
import { statisticsSchema } from '#shared/api/statistics';

export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/statistics',
    {
      schema: {
        tags: ['statistics'],
        summary: 'How many readers Tribune has: all, normal and premium (public)',
        response: {
          200: statisticsSchema,
        },
      },
    },
    () => readStatistics(app.database.db, app.clock()),
  );
};
