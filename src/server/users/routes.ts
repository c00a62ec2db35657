import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userRecordSchema } from '../../shared/accounts.js';
import { apiErrorSchema } from '../../shared/api-error.js';
import { requireUser } from '../auth/guards.js';
import { AppError } from '../errors.js';
import { findUserRecord } from './queries.js';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        summary: "A user's record: one's own, or anyone's for an admin",
        querystring: z.object({ email: z.string().trim().min(1, 'email is required') }),
        response: {
          200: userRecordSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const caller = await requireUser(request);
      const email = request.query.email.toLowerCase();
      if (email !== caller.email.toLowerCase() && !caller.isAdmin) {
        throw new AppError('forbidden', 'You may only read your own account');
      }
      const record = await findUserRecord(app.database.db, { email });
      if (!record) throw new AppError('not_found', 'No user has this email');
      return record;
    },
  );
};
