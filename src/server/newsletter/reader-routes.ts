import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/api-error';
import { messageAnswerSchema } from '#shared/api/message';
import { newsletterMineSchema, newsletterSendViewSchema } from '#shared/api/newsletter-reader';
import { newsletterChoicesSchema } from '#shared/newsletter';
import { newsletterLinkMessages, newsletterMessages } from '#shared/newsletter-messages';
import { newsletterAccountMessages, newsletterSendViewMessages } from '#shared/newsletter-reader';
import { paths } from '#shared/paths';
import { rateLimits } from '#shared/rules/limits';
import { currentUser, mustBe, requireUser } from '#server/auth/guards';
import { AppError } from '#server/errors';
import { consumeAttempt } from '#server/rate-limit/attempts';
import { confirmationMail } from './mails.js';
import {
  confirmsByMail,
  ownSubscription,
  saveOwnChoices,
  unsubscribeOwn,
} from './own-subscription.js';
import { publisherIdsByName } from './subscribers.js';
import { readSendView } from './web-version.js';

/** A send's number in its web version's address: a positive whole number. */
export const sendIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]*$/, newsletterSendViewMessages.badId)
    .transform(Number),
});

const signedInRefusals = { 400: apiErrorSchema, 401: apiErrorSchema };

/**
 * The readers' side of the newsletter: each send's web version, public (what a reader may read
 * of it is theirs: mayReadFullText), and a signed-in reader's own subscription on My Profile.
 */
export const newsletterReaderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/api/newsletter/sends/:id',
    {
      schema: {
        tags: ['newsletter'],
        summary:
          "A newsletter's web version: its subject, date and articles, as its mail shows them",
        params: sendIdParams,
        response: { 200: newsletterSendViewSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const caller = await currentUser(request);
      const view = await readSendView(db, request.params.id, caller);
      if (!view) throw new AppError('not_found', newsletterSendViewMessages.notFound);
      // A premium reader's whole text is theirs alone.
      reply.header('cache-control', caller ? 'private, no-store' : 'no-cache');
      return view;
    },
  );

  app.get(
    '/api/newsletter/me',
    {
      onRequest: mustBe.signedIn,
      schema: {
        tags: ['newsletter'],
        summary: "The signed-in reader's account address: its newsletter state and choices",
        response: { 200: newsletterMineSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ownSubscription(db, (await requireUser(request)).email.toLowerCase()),
  );

  app.put(
    '/api/newsletter/me',
    {
      onRequest: mustBe.signedIn,
      schema: {
        tags: ['newsletter'],
        summary:
          "Subscribes the signed-in reader's address or saves its choices (at once when the address is verified)",
        body: newsletterChoicesSchema,
        response: { 200: messageAnswerSchema, 429: apiErrorSchema, ...signedInRefusals },
      },
    },
    async (request) => {
      const caller = await requireUser(request);
      const account = { ...caller, email: caller.email.toLowerCase() };
      const { ids, unknown } = await publisherIdsByName(db, request.body.publishers);
      if (unknown !== undefined) {
        throw new AppError('bad_request', newsletterMessages.unknownPublisher(unknown));
      }
      const { status } = await ownSubscription(db, account.email);
      if (status !== 'confirmed' && !request.body.digest && ids.length === 0) {
        throw new AppError('bad_request', newsletterAccountMessages.chooseSomething);
      }
      // A confirmation mail counts against the address's sign-ups, as the footer's does.
      if (
        confirmsByMail(status, account.emailVerified) &&
        !(await consumeAttempt(
          db,
          'newsletter-address',
          account.email,
          rateLimits.newsletterSignupsPerAddress,
        ))
      ) {
        throw new AppError('rate_limited', newsletterMessages.tooManyRequests);
      }
      const choices = { digest: request.body.digest, publisherIds: ids };
      const outcome = await saveOwnChoices(db, account, choices, app.clock());
      switch (outcome.kind) {
        case 'confirm': {
          const url = `${app.mail.site.publicUrl}${paths.newsletterConfirm(outcome.token)}`;
          await app.mail.send(db, confirmationMail(app.mail.site, account.email, url));
          return { message: newsletterAccountMessages.confirmFirst };
        }
        case 'subscribed':
          await app.analytics.newsletterSignup(request);
          return { message: newsletterAccountMessages.subscribed };
        case 'saved':
          return { message: newsletterLinkMessages.saved };
        case 'unsubscribed':
          return { message: newsletterLinkMessages.unsubscribed };
        case 'suppressed':
          throw new AppError('conflict', newsletterLinkMessages.suppressed);
      }
    },
  );

  app.delete(
    '/api/newsletter/me',
    {
      onRequest: mustBe.signedIn,
      schema: {
        tags: ['newsletter'],
        summary: "Unsubscribes the signed-in reader's account address from every newsletter",
        response: { 200: messageAnswerSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const { email } = await requireUser(request);
      if (!(await unsubscribeOwn(db, email.toLowerCase(), app.clock()))) {
        throw new AppError('not_found', newsletterAccountMessages.notSubscribed);
      }
      return { message: newsletterLinkMessages.unsubscribed };
    },
  );
};
