import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiErrorSchema } from '#shared/api-error';
import { messageAnswerSchema } from '#shared/api/message';
import formbody from '@fastify/formbody';
import {
  newsletterChoicesSchema,
  newsletterConfirmSchema,
  newsletterPreferencesSchema,
  newsletterSubscribeSchema,
  newsletterTokenQuery,
} from '#shared/newsletter';
import { newsletterLinkMessages, newsletterMessages } from '#shared/newsletter-messages';
import { paths } from '#shared/paths';
import { rateLimits } from '#shared/rules/limits';
import { AppError } from '#server/errors';
import { consumeAttempt } from '#server/rate-limit/attempts';
import { confirmationMail } from './mails.js';
import { subscriberIdOf } from './links.js';
import {
  confirmSubscription,
  preferencesOf,
  publisherIdsByName,
  requestSubscription,
  saveChoices,
  unsubscribe,
} from './subscribers.js';

/** The largest url-encoded body taken: a one-click unsubscribe's `List-Unsubscribe=One-Click`. */
const formBodyLimit = 1024;

/**
 * Subscribing to the newsletter, for anyone, with double opt-in: asking answers 202 and the same
 * words whether or not the address is subscribed already, and the confirmation mail goes after
 * the answer (as a password reset's), so neither the answer nor its time says which.
 */
export const newsletterRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (
  app,
  { secret },
) => {
  const db = app.database.db;
  // Mail programs post a one-click unsubscribe as a form (RFC 8058).
  await app.register(formbody, { bodyLimit: formBodyLimit });

  /** The subscriber a link's token names; a 400 for any token we did not make. */
  const subscriberOf = (token: string) => {
    const id = subscriberIdOf(secret, token);
    if (id === undefined) throw new AppError('bad_request', newsletterLinkMessages.badLink);
    return id;
  };

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
      await app.analytics.newsletterSignup(request);
      return { message: newsletterMessages.confirmed };
    },
  );

  app.get(
    '/api/newsletter/preferences',
    {
      schema: {
        tags: ['newsletter'],
        summary: "A subscriber's address, state and choices, by their own link's token",
        querystring: newsletterTokenQuery,
        response: { 200: newsletterPreferencesSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const preferences = await preferencesOf(db, subscriberOf(request.query.token));
      if (!preferences) throw new AppError('not_found', newsletterLinkMessages.badLink);
      return preferences;
    },
  );

  app.put(
    '/api/newsletter/preferences',
    {
      schema: {
        tags: ['newsletter'],
        summary: "Saves a subscriber's choices; choosing nothing unsubscribes",
        querystring: newsletterTokenQuery,
        body: newsletterChoicesSchema,
        response: {
          200: messageAnswerSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const id = subscriberOf(request.query.token);
      const { ids, unknown } = await publisherIdsByName(db, request.body.publishers);
      if (unknown !== undefined) {
        throw new AppError('bad_request', newsletterMessages.unknownPublisher(unknown));
      }
      const choices = { digest: request.body.digest, publisherIds: ids };
      const outcome = await saveChoices(db, id, choices, app.clock());
      if (outcome === 'missing') throw new AppError('not_found', newsletterLinkMessages.badLink);
      if (outcome === 'suppressed')
        throw new AppError('conflict', newsletterLinkMessages.suppressed);
      return {
        message:
          outcome === 'unsubscribed'
            ? newsletterLinkMessages.unsubscribed
            : newsletterLinkMessages.saved,
      };
    },
  );

  // The List-Unsubscribe address of every newsletter: a POST unsubscribes at once, from a mail
  // program or the unsubscribe page, without signing in. Only a POST: mail scanners follow links.
  app.post(
    '/api/newsletter/unsubscribe',
    {
      config: { acceptsCrossSite: true },
      schema: {
        tags: ['newsletter'],
        summary: 'Unsubscribes at once (RFC 8058 one-click), by the subscriber’s own token',
        querystring: newsletterTokenQuery,
        response: { 200: messageAnswerSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      if (!(await unsubscribe(db, subscriberOf(request.query.token), app.clock()))) {
        throw new AppError('not_found', newsletterLinkMessages.badLink);
      }
      return { message: newsletterLinkMessages.unsubscribed };
    },
  );
};
