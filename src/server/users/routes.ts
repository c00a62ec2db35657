import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profileUpdateSchema, userRecordSchema } from '../../shared/accounts.js';
import { apiErrorSchema } from '../../shared/api-error.js';
import { requireUser } from '../auth/guards.js';
import { AppError } from '../errors.js';
import { readMultipartForm } from '../http/multipart-form.js';
import { saveUploadedImage } from '../images/save.js';
import { findUserRecord, updateProfile } from './queries.js';

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

  app.patch(
    '/api/users/me',
    {
      schema: {
        tags: ['users'],
        summary:
          "Updates the signed-in user's name and, optionally, photo (multipart: name, photo)",
        consumes: ['multipart/form-data'],
        response: {
          200: userRecordSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          413: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const caller = await requireUser(request);
      const form = await readMultipartForm(request, 'photo');
      if ('email' in form.fields) throw new AppError('bad_request', 'Email cannot be changed');
      const parsed = profileUpdateSchema.safeParse({ name: form.fields.name ?? '' });
      if (!parsed.success)
        throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Invalid profile');
      const photo = form.file ? await saveUploadedImage(app, form.file.bytes) : undefined;
      await updateProfile(app.database.db, caller.id, {
        name: parsed.data.name,
        image: photo?.url,
      });
      const record = await findUserRecord(app.database.db, { id: caller.id });
      if (!record) throw new AppError('not_found', 'This account no longer exists');
      return record;
    },
  );
};
