import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/api-error';
import {
  newsletterRecipientsSchema,
  newsletterSendAnswerSchema,
  newsletterSendSchema,
} from '#shared/newsletter';
import { newsletterSendMessages } from '#shared/newsletter-messages';
import { mustBe, requireAdmin } from '#server/auth/guards';
import type { Db } from '#server/db/database';
import { toBool } from '#server/db/values';
import { AppError } from '#server/errors';
import { articleRecipientCount, queueArticleSend } from './sends.js';

const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/** The published article an admin may send, or the refusal that says why not. */
async function sendableArticle(db: Db, id: number) {
  const article = await db
    .selectFrom('article')
    .select(['id', 'title', 'publisherId', 'isApproved'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!article) throw new AppError('not_found', newsletterSendMessages.noArticle);
  if (!toBool(article.isApproved)) {
    throw new AppError('bad_request', newsletterSendMessages.notPublished);
  }
  return article;
}

/** An admin sends one published article now, once, to every subscriber it concerns. */
export const newsletterSendRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/api/newsletter/sends/recipients',
    {
      onRequest: mustBe.admin,
      schema: {
        tags: ['newsletter'],
        summary: 'How many subscribers an article would go to if sent now (admins)',
        querystring: newsletterSendSchema,
        response: { 200: newsletterRecipientsSchema, ...refusals },
      },
    },
    async (request) => {
      const article = await sendableArticle(db, request.query.articleId);
      return { recipients: await articleRecipientCount(db, article.publisherId) };
    },
  );

  app.post(
    '/api/newsletter/sends',
    {
      onRequest: mustBe.admin,
      schema: {
        tags: ['newsletter'],
        summary: 'Sends a published article as a newsletter now, once (admins)',
        body: newsletterSendSchema,
        response: { 202: newsletterSendAnswerSchema, 409: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const article = await sendableArticle(db, request.body.articleId);
      const send = await queueArticleSend(db, article, admin.id, app.clock());
      if (!send) throw new AppError('conflict', newsletterSendMessages.alreadySent);
      // After this turn: the send's transaction has committed.
      setImmediate(() => app.newsletter.wake());
      return reply.code(202).send(send);
    },
  );
};
