import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APIError } from 'better-auth/api';
import type { z } from 'zod';
import {
  passwordResetMessages,
  passwordResetRequestSchema,
  passwordResetSchema,
} from '#shared/accounts';
import { apiErrorSchema } from '#shared/api-error';
import { messageAnswerSchema } from '#shared/api/message';
import { rateLimits } from '#shared/rules/limits';
import { AppError } from '#server/errors';
import { consumeAttempt } from '#server/rate-limit/attempts';

/**
 * Forgotten passwords, on better-auth's reset flow (auth.ts sends its link by mail): a
 * single-use token that expires in an hour, and every session of the account ended once the
 * password changes. Asking answers the same, at once, whether or not an account uses the
 * address: the account is looked up and the mail queued after the answer has gone.
 */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/request-password-reset',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Mails a link to choose a new password, if an account uses the address',
        body: passwordResetRequestSchema,
        response: { 200: messageAnswerSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
      // After the answer has gone, so that its time says nothing either.
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 200) return;
        const { email } = request.body as z.infer<typeof passwordResetRequestSchema>;
        await app.auth.api
          .requestPasswordReset({ body: { email } })
          .catch((err: unknown) => app.log.warn({ err }, 'password reset request failed'));
      },
    },
    async (request) => {
      const { email } = request.body;
      const db = app.database.db;
      // Both counted whatever the outcome, so the answer says nothing about the account.
      const fromClient = await consumeAttempt(
        db,
        'password-reset-client',
        request.ip,
        rateLimits.passwordResetsPerClient,
      );
      const forAccount = await consumeAttempt(
        db,
        'password-reset-account',
        email,
        rateLimits.passwordResetsPerAccount,
      );
      if (!fromClient || !forAccount) {
        throw new AppError('rate_limited', passwordResetMessages.tooManyRequests);
      }
      return { message: passwordResetMessages.requested };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sets a new password with the token from the mailed link; ends every session',
        body: passwordResetSchema,
        response: { 200: messageAnswerSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { token, newPassword } = request.body;
      try {
        await app.auth.api.resetPassword({ body: { token, newPassword } });
      } catch (err) {
        // better-auth's refusal once the password passed the rules above: an unknown, used or
        // expired token.
        if (err instanceof APIError && err.statusCode === 400) {
          throw new AppError('bad_request', passwordResetMessages.invalidLink);
        }
        throw err;
      }
      return { message: passwordResetMessages.changed };
    },
  );
};
