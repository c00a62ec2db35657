import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiErrorSchema } from '#shared/api-error';
import { messageAnswerSchema } from '#shared/api/message';
import {
  newsletterConfirmSchema,
  newsletterMessages,
  newsletterSubscribeSchema,
} from '#shared/newsletter';
import { paths } from '#shared/paths';
import { rateLimits } from '#shared/rules/limits';
import { AppError } from '#server/errors';
import { consumeAttempt } from '#server/rate-limit/attempts';
import { confirmationMail } from './mails.js';
import { confirmSubscription, publisherIdsByName, requestSubscription } from './subscribers.js';

/**
 * Subscribing to the newsletter, for anyone, with double opt-in: asking answers 202 and the same
 * words whether or not the address is subscribed already, and the confirmation mail goes after
 * the answer (as a password reset's), so neither the answer nor its time says which.
 */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    '/api/newsletter/subscribe',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Asks for the newsletter at an address: mails a link to confirm it',
        body: newsletterSubscribeSchema,
        response: { 202: messageAnswerSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 202) return;
        const { email, publishers } = request.body as z.output<typeof newsletterSubscribeSchema>;
        try {
          const { ids } = await publisherIdsByName(db, publishers);
          const outcome = await requestSubscription(db, email, ids, app.clock());
          if (outcome.kind !== 'confirm') return;
          const url = `${app.mail.site.publicUrl}${paths.newsletterConfirm(outcome.token)}`;
          await app.mail.send(db, confirmationMail(app.mail.site, email, url));
        } catch (err) {
          app.log.warn({ err }, 'newsletter subscription failed');
        }
      },
    },
    async (request, reply) => {
      const { email, publishers } = request.body;
      const { unknown } = await publisherIdsByName(db, publishers);
      if (unknown !== undefined) {
        throw new AppError('bad_request', newsletterMessages.unknownPublisher(unknown));
      }
      // Both counted whatever the address's state, so the answer says nothing of it.
      const fromClient = await consumeAttempt(
        db,
        'newsletter-client',
        request.ip,
        rateLimits.newsletterSignupsPerClient,
      );
      const forAddress = await consumeAttempt(
        db,
        'newsletter-address',
        email,
        rateLimits.newsletterSignupsPerAddress,
      );
      if (!fromClient || !forAddress) {
        throw new AppError('rate_limited', newsletterMessages.tooManyRequests);
      }
      return reply.code(202).send({ message: newsletterMessages.subscribed });
    },
  );

  app.post(
    '/api/newsletter/confirm',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Confirms a subscription with the token of its mailed link',
        body: newsletterConfirmSchema,
        response: { 200: messageAnswerSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      if (!(await confirmSubscription(db, request.body.token, app.clock()))) {
        throw new AppError('bad_request', newsletterMessages.badConfirmation);
      }
      return { message: newsletterMessages.confirmed };
    },
  );
};
