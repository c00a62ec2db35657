import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/api-error';
import {
  newsletterSendProgressSchema,
  newsletterSendsQuery,
  newsletterStatsQuery,
  newsletterStatsSchema,
} from '#shared/api/newsletter-ops';
import { mustBe } from '#server/auth/guards';
import { newsletterStats, sendsPage } from './stats.js';

const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** The newsroom's view of the newsletter on the admin's dashboard: subscribers and sends. */
export const newsletterOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/api/newsletter/stats',
    {
      onRequest: mustBe.admin,
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribers confirmed, unsubscribed and suppressed a day, and now (admins)',
        querystring: newsletterStatsQuery,
        response: { 200: newsletterStatsSchema, ...refusals },
      },
    },
    (request) => newsletterStats(db, request.query.days, app.clock()),
  );

  app.get(
    '/api/newsletter/sends',
    {
      onRequest: mustBe.admin,
      schema: {
        tags: ['newsletter'],
        summary:
          "A page of the sends, newest first, with their deliveries' progress (admins); the total is in X-Total-Count",
        querystring: newsletterSendsQuery,
        response: { 200: z.array(newsletterSendProgressSchema), ...refusals },
      },
    },
    async (request, reply) => {
      const { sends, total } = await sendsPage(db, request.query.page, request.query.limit);
      reply.header('x-total-count', String(total));
      return sends;
    },
  );
};
