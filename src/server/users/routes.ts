import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { modifiedAnswerSchema } from '#shared/api/writes';
import {
  accountLimits,
  emailNoticesSchema,
  profileUpdateSchema,
  userRecordSchema,
  verificationMessages,
} from '#shared/accounts';
import { paths } from '#shared/paths';
import { apiErrorSchema } from '#shared/api-error';
import { consumeAttempt } from '#server/rate-limit/attempts';
import { mustBe, requireAdmin, requireUser } from '#server/auth/guards';
import { AppError } from '#server/errors';
import { readMultipartForm } from '#server/http/multipart-form';
import { spendImageBudget } from '#server/images/budget';
import { saveUploadedImage } from '#server/images/save';
import {
  findUserRecord,
  listUsers,
  promoteUserById,
  setEmailNotices,
  updateProfile,
} from './queries.js';
import { messageAnswerSchema } from '#shared/api/message';
import { makeAdminBody, userListItemSchema, usersQuery } from '#shared/api/users';
import { userIdParams } from './schemas.js';
import { rateLimits } from '#shared/rules/limits';
import { acceptMultipart } from '#server/http/multipart';

/** The profile form: a name, and an email only to say it cannot change; an optional photo. */
const profileForm = {
  fields: { name: accountLimits.name, email: accountLimits.email },
  file: 'photo',
};
const error = apiErrorSchema;
const recordOrList = z.union([userRecordSchema, z.array(userListItemSchema)]);

export const profileUpdateLimitMessage =
  'You have updated your profile many times in the last hour. Please try again later.';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptMultipart(app);
  /** A user's record as it is now, or a 404 saying `missing`. */
  const recordOf = async (by: { email: string } | { id: string }, missing: string) => {
    const record = await findUserRecord(app.database.db, by, app.clock());
    if (!record) throw new AppError('not_found', missing);
    return record;
  };

  app.get(
    '/api/users',
    {
      onRequest: mustBe.signedIn,
      schema: {
        tags: ['users'],
        summary:
          "With `email`: a user's record (one's own, or anyone's for an admin). Without: one " +
          'page of users, newest first, for an admin; the total is in the X-Total-Count header',
        querystring: usersQuery,
        response: { 200: recordOrList, 400: error, 401: error, 403: error, 404: error },
      },
    },
    async (request, reply) => {
      const { email, page, limit } = request.query;
      if (email === undefined) {
        await requireAdmin(request);
        const { users, total } = await listUsers(app.database.db, { page, limit }, app.clock());
        reply.header('x-total-count', String(total));
        return users;
      }
      const caller = await requireUser(request);
      if (email.toLowerCase() !== caller.email.toLowerCase() && !caller.isAdmin) {
        throw new AppError('forbidden', 'You may only read your own account');
      }
      return recordOf({ email }, 'No user has this email');
    },
  );

  app.patch(
    '/api/users/:id',
    {
      onRequest: mustBe.admin,
      schema: {
        tags: ['users'],
        summary: 'Makes a user an admin (admin); body exactly {isAdmin: true}, no way back',
        params: userIdParams,
        body: makeAdminBody,
        response: { 200: modifiedAnswerSchema, 400: error, 401: error, 403: error, 404: error },
      },
    },
    async (request) => {
      const modifiedCount = await promoteUserById(app.database.db, request.params.id);
      if (modifiedCount === null) throw new AppError('not_found', 'No user has this id');
      return { modifiedCount };
    },
  );

  app.patch(
    '/api/users/me',
    {
      onRequest: mustBe.signedIn,
      schema: {
        tags: ['users'],
        summary:
          "Updates the signed-in user's name and, optionally, photo (multipart: name, photo)",
        consumes: ['multipart/form-data'],
        response: {
          200: userRecordSchema,
          400: error,
          401: error,
          413: error,
          415: error,
          429: error,
        },
      },
    },
    async (request) => {
      const caller = await requireUser(request);
      // Counted before the form is read: a refused update costs the server nothing more.
      if (
        !(await consumeAttempt(app.database.db, 'profile', caller.id, rateLimits.profileUpdates))
      ) {
        throw new AppError('rate_limited', profileUpdateLimitMessage);
      }
      const form = await readMultipartForm(request, profileForm);
      if ('email' in form.fields) throw new AppError('bad_request', 'Email cannot be changed');
      const parsed = profileUpdateSchema.safeParse({ name: form.fields.name ?? '' });
      if (!parsed.success)
        throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Invalid profile');
      // A profile photo draws on the same hourly budget as every other image the user makes.
      if (form.file) await spendImageBudget(app.database.db, caller.id);
      const photo = form.file ? await saveUploadedImage(app, form.file.bytes) : undefined;
      await updateProfile(app.database.db, caller.id, {
        name: parsed.data.name,
        image: photo?.url,
      });
      app.pagePurge.authorChanged(caller.id);
      return recordOf({ id: caller.id }, 'This account no longer exists');
    },
  );

  app.post(
    '/api/users/me/verification-email',
    {
      onRequest: mustBe.signedIn,
      schema: {
        tags: ['users'],
        summary: 'Mails the signed-in user a new link to confirm their address',
        response: { 200: messageAnswerSchema, 400: error, 401: error, 429: error },
      },
    },
    async (request) => {
      const caller = await requireUser(request);
      if (caller.emailVerified) throw new AppError('bad_request', verificationMessages.already);
      if (
        !(await consumeAttempt(
          app.database.db,
          'verification-mail',
          caller.id,
          rateLimits.verificationMails,
        ))
      ) {
        throw new AppError('rate_limited', verificationMessages.tooMany);
      }
      await app.auth.api.sendVerificationEmail({
        body: { email: caller.email, callbackURL: paths.myProfile },
      });
      return { message: verificationMessages.sent };
    },
  );

  app.put(
    '/api/users/me/notices',
    {
      onRequest: mustBe.signedIn,
      schema: {
        tags: ['users'],
        summary:
          "Turns the signed-in user's notices on or off (reviews, reminders; receipts always go)",
        body: emailNoticesSchema,
        response: { 200: userRecordSchema, 400: error, 401: error },
      },
    },
    async (request) => {
      const caller = await requireUser(request);
      await setEmailNotices(app.database.db, caller.id, request.body.emailNotices);
      return recordOf({ id: caller.id }, 'This account no longer exists');
    },
  );
};
