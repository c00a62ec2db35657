import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { insertedAnswerSchema } from '#shared/api/writes';
import { apiErrorSchema } from '#shared/api-error';
import { publisherSchema } from '#shared/publisher';
import { mustBe } from '#server/auth/guards';
import { AppError } from '#server/errors';
import { isSavedImage } from '#server/images/variants';
import {
  articleCountByPublisher,
  createPublisher,
  listPublishers,
  viewCountByPublisher,
} from './queries.js';
import { createPublisherBody, publisherMessages } from '#shared/api/publishers';
import { publisherArticleCountSchema, publisherViewCountSchema } from '#shared/api/statistics';

const error = apiErrorSchema;
const adminErrors = { 401: error, 403: error };

export const publisherRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/api/publisher',
    {
      schema: {
        tags: ['publishers'],
        summary: 'Lists every publisher with its logo (public)',
        response: { 200: z.array(publisherSchema) },
      },
    },
    () => listPublishers(db),
  );

  app.post(
    '/api/publisher',
    {
      onRequest: mustBe.admin,
      schema: {
        tags: ['publishers'],
        summary: 'Adds a publisher (admin)',
        description:
          '`publisherLogo` must be a URL that POST /api/images answered. Names are unique ' +
          'regardless of case.',
        body: createPublisherBody,
        response: {
          201: insertedAnswerSchema,
          400: error,
          ...adminErrors,
          409: error,
        },
      },
    },
    async (request, reply) => {
      const { publisher, publisherLogo } = request.body;
      if (!(await isSavedImage(db, app.images, publisherLogo))) {
        throw new AppError('bad_request', publisherMessages.foreignLogo);
      }
      const id = await createPublisher(db, { name: publisher, logo: publisherLogo });
      app.pagePurge.publisherChanged(id);
      return reply.status(201).send({ insertedId: String(id) });
    },
  );

  /** A GET of the admin dashboard: one figure per publisher, from `read`. */
  const dashboardFigures = <Row extends z.ZodType>(
    url: string,
    summary: string,
    row: Row,
    read: (database: typeof db) => Promise<z.infer<Row>[]>,
  ) =>
    app.get(
      url,
      {
        onRequest: mustBe.admin,
        schema: { tags: ['publishers'], summary, response: { 200: z.array(row), ...adminErrors } },
      },
      () => read(db),
    );

  dashboardFigures(
    '/api/publisher/articles/count',
    'Articles per publisher, every status (admin dashboard)',
    publisherArticleCountSchema,
    articleCountByPublisher,
  );
  dashboardFigures(
    '/api/publisher/viewcount',
    "Views of each publisher's articles added up (admin dashboard)",
    publisherViewCountSchema,
    viewCountByPublisher,
  );
};
