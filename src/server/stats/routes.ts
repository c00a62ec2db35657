import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readStatistics } from './queries.js';

export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/statistics',
    {
      schema: {
        tags: ['statistics'],
        summary: 'How many readers Tribune has: all, normal and premium (public)',
        response: {
          200: z.object({
            totalUsers: z.number().int(),
            normalUsers: z.number().int(),
            premiumUsers: z.number().int(),
          }),
        },
      },
    },
    () => readStatistics(app.database.db, app.clock()),
  );
};
