import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountLimits,
  accountMessages,
  registrationSchema,
  userRecordSchema,
} from '#shared/accounts';
import { apiErrorSchema } from '#shared/api-error';
import { AppError } from '#server/errors';
import { readMultipartForm } from '#server/http/multipart-form';
import { saveUploadedImage } from '#server/images/save';
import { findUserRecord } from '#server/users/queries';
import { consumeAttempt } from '#server/rate-limit/attempts';
import { rateLimits } from '#shared/rules/limits';
import { acceptMultipart } from '#server/http/multipart';

const emailTaken = 'An account with this email already exists. Log in instead.';
const registrationForm = {
  fields: {
    name: accountLimits.name,
    email: accountLimits.email,
    password: accountLimits.password,
  },
  file: 'photo',
};

/**
 * POST /api/register: the registration form in one multipart request (name, email, password,
 * photo). The spec's rules are checked first, then the photo goes through the image pipeline,
 * then better-auth creates the user with the spec's defaults and signs them in.
 */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptMultipart(app);
  app.post(
    '/api/register',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Creates an account and signs it in (multipart: name, email, password, photo)',
        consumes: ['multipart/form-data'],
        // The page registered from (a wall's link says `/articles/:id`), for the analytics' funnel.
        querystring: z.object({ from: z.string().max(2048).optional().catch(undefined) }),
        response: {
          201: z.object({ user: userRecordSchema }),
          400: apiErrorSchema,
          409: apiErrorSchema,
          413: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const allowed = await consumeAttempt(
        app.database.db,
        'register',
        request.ip,
        rateLimits.registrations,
      );
      if (!allowed) {
        throw new AppError(
          'rate_limited',
          'Too many new accounts from this address. Please try again later.',
        );
      }
      const form = await readMultipartForm(request, registrationForm);
      // Only these fields are read: anything else sent (isAdmin, isPremium, …) is ignored.
      const parsed = registrationSchema.safeParse(form.fields);
      const problems = parsed.success ? [] : parsed.error.issues;
      // Report the first problem in the form's order: Name, Photo, Email, Password.
      const nameProblem = problems.find((issue) => issue.path[0] === 'name');
      if (nameProblem) throw new AppError('bad_request', nameProblem.message);
      if (!form.file) throw new AppError('bad_request', accountMessages.photoRequired);
      if (!parsed.success)
        throw new AppError('bad_request', problems[0]?.message ?? 'Invalid registration');
      const { name, email, password } = parsed.data;

      if (await findUserRecord(app.database.db, { email }))
        throw new AppError('conflict', emailTaken);
      const photo = await saveUploadedImage(app, form.file.bytes);

      const response = await app.auth.api.signUpEmail({
        body: { name, email, password, image: photo.url },
        asResponse: true,
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as {
          code?: string;
          message?: string;
        };
        if (body.code?.includes('ALREADY_EXISTS')) throw new AppError('conflict', emailTaken);
        throw new AppError('bad_request', body.message ?? 'The account could not be created');
      }
      const user = await findUserRecord(app.database.db, { email });
      if (!user) throw new Error('the new user was not found after sign-up');
      await app.analytics.registered(request, user._id, request.query.from);
      return reply.status(201).header('set-cookie', response.headers.getSetCookie()).send({ user });
    },
  );
};
