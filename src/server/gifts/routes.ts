import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/api-error';
import {
  giftIdParams,
  giftLinkSchema,
  giftListQuery,
  giftSchema,
  giftsRevokedSchema,
} from '#shared/api/gifts';
import { giftMessages } from '#shared/gift-messages';
import { mustBe, requireAdmin, requireUser } from '#server/auth/guards';
import { AppError } from '#server/errors';
import { parseArticleId } from '#server/articles/article-id';
import { articleIdParams } from '#server/articles/request-schemas';
import { giverOf, listGifts, revokeGifts } from './queries.js';
import { recordGiftEvent } from '#server/analytics/plugin';

const error = apiErrorSchema;

/** Gift links (decision 024): given by premium readers and admins, revoked by them or admins. */
export const giftRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    '/api/articles/:id/gifts',
    {
      onRequest: mustBe.signedIn,
      schema: {
        tags: ['gifts'],
        summary: 'Shares a published premium article as a gift link (premium readers, admins)',
        description:
          'The link opens the whole text for up to 25 browsers for 30 days, without an ' +
          'account. 201 with a new link, one of the giver’s GIFTS_PER_MONTH this calendar ' +
          'month; 200 with the same link when the giver’s gift of this article is still live ' +
          '(not counted again).',
        params: articleIdParams,
        response: {
          200: giftLinkSchema,
          201: giftLinkSchema,
          400: error,
          401: error,
          403: error,
          404: error,
        },
      },
    },
    async (request, reply) => {
      const caller = await requireUser(request);
      const id = parseArticleId(request.params.id);
      const { created, ...link } = await app.giftLinks.give(caller, id);
      if (created) await recordGiftEvent(app, 'gift_given', request, id);
      return reply.status(created ? 201 : 200).send(link);
    },
  );

  app.get(
    '/api/gifts',
    {
      onRequest: mustBe.signedIn,
      schema: {
        tags: ['gifts'],
        summary: 'The caller’s gift links, newest first; every giver’s with `all=true` (admins)',
        description: 'The total is in the X-Total-Count header. A link’s token is never listed.',
        querystring: giftListQuery,
        response: { 200: z.array(giftSchema), 400: error, 401: error, 403: error },
      },
    },
    async (request, reply) => {
      const caller = await requireUser(request);
      const { all, limit, page } = request.query;
      if (all && !caller.isAdmin) throw new AppError('forbidden', giftMessages.allOnlyAdmins);
      const { gifts, total } = await listGifts(
        db,
        all ? undefined : caller.id,
        { limit, page },
        app.clock(),
      );
      reply.header('x-total-count', String(total));
      return gifts;
    },
  );

  app.delete(
    '/api/gifts/:id',
    {
      onRequest: mustBe.signedIn,
      schema: {
        tags: ['gifts'],
        summary: 'Revokes a gift link (its giver, or an admin)',
        description:
          '`revokedCount` is 0 when the link had been revoked or had expired already. Another ' +
          'giver’s link is a 404 for anyone but an admin.',
        params: giftIdParams,
        response: { 200: giftsRevokedSchema, 400: error, 401: error, 404: error },
      },
    },
    async (request) => {
      const caller = await requireUser(request);
      const { id } = request.params;
      const giver = await giverOf(db, id);
      if (giver === null || (giver !== caller.id && !caller.isAdmin)) {
        throw new AppError('not_found', giftMessages.notFound);
      }
      return { revokedCount: await revokeGifts(db, id, app.clock()) };
    },
  );

  app.delete(
    '/api/gifts',
    {
      onRequest: mustBe.admin,
      schema: {
        tags: ['gifts'],
        summary: 'Revokes every live gift link (admins)',
        response: { 200: giftsRevokedSchema, 401: error, 403: error },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return { revokedCount: await revokeGifts(db, undefined, app.clock()) };
    },
  );
};
