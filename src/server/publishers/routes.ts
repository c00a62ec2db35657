import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publisherSchema } from '../../shared/publisher.js';
import { listPublishers } from './queries.js';

export const publisherRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/publisher',
    {
      schema: {
        tags: ['publishers'],
        summary: 'Lists every publisher with its logo (public)',
        response: { 200: z.array(publisherSchema) },
      },
    },
    () => listPublishers(app.database.db),
  );
};
