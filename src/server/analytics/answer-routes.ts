import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/api-error';
import {
  analyticsCsvQuery,
  analyticsOverviewQuery,
  analyticsOverviewSchema,
  analyticsTables,
  articleAnalyticsSchema,
  readerRevenueMonthSchema,
} from '#shared/api/analytics';
import { articleMessages } from '#shared/article-messages';
import { mustBe } from '#server/auth/guards';
import type { AppConfig } from '#server/config';
import { parseArticleId } from '#server/articles/article-id';
import { articleIdParams } from '#server/articles/request-schemas';
import { AppError } from '#server/errors';
import { defaultGiftsPerMonth } from '#server/gifts/plugin';
import { csvFileName, overviewCsv } from './csv.js';
import { hourBucket } from './days.js';
import { KeptOverviews } from './kept-overviews.js';
import { readArticleFigures, readMonthFigures } from './overview.js';

const error = apiErrorSchema;
const adminOnly = { 401: error, 403: error };

/** The overview's query: its span, and for a CSV download the table. */
const overviewQuery = analyticsOverviewQuery.extend({
  table: z
    .enum(analyticsTables, { error: `table is one of ${analyticsTables.join(', ')}` })
    .optional(),
});

/** The admins' analytics (decision 026), read from the roll-ups alone. */
export const analyticsAnswerRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const db = app.database.db;
  const today = () => hourBucket(app.clock(), config.timeZone).slice(0, 10);
  const overviews = new KeptOverviews(db, app.publicChanges);

  app.get(
    '/api/analytics/overview',
    {
      onRequest: mustBe.admin,
      schema: {
        tags: ['analytics'],
        summary: "The editor's overview of the last 1, 7, 30 or 90 days (admins)",
        description:
          'With `Accept: text/csv` and `table=` (one of ' +
          `${analyticsTables.join(', ')}), that table as a CSV download. The figures lag ` +
          'the events by up to a minute (the roll-up).',
        querystring: overviewQuery,
        response: {
          200: analyticsOverviewSchema.or(z.string().describe('text/csv')),
          400: error,
          ...adminOnly,
        },
      },
    },
    async (request, reply) => {
      const csv = /\btext\/csv\b/i.test(request.headers.accept ?? '');
      const csvQuery = csv ? analyticsCsvQuery.safeParse(request.query) : null;
      if (csvQuery && !csvQuery.success) {
        throw new AppError('bad_request', csvQuery.error.issues[0]!.message);
      }
      const overview = await overviews.read(today(), request.query.days);
      if (!csvQuery?.success) return overview;
      const { table } = csvQuery.data;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(overview, table)}"`)
        .header('cache-control', 'no-store')
        .send(overviewCsv(overview, table));
    },
  );

  app.get(
    '/api/analytics/articles/:id',
    {
      onRequest: mustBe.admin,
      schema: {
        tags: ['analytics'],
        summary: "One article's figures over the last 1, 7, 30 or 90 days (admins)",
        params: articleIdParams,
        querystring: analyticsOverviewQuery,
        response: { 200: articleAnalyticsSchema, 400: error, ...adminOnly, 404: error },
      },
    },
    async (request) => {
      const id = parseArticleId(request.params.id);
      const article = await db
        .selectFrom('article')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!article) throw new AppError('not_found', articleMessages.notFound);
      return readArticleFigures(db, id, today(), request.query.days);
    },
  );

  app.get(
    '/api/analytics/reader-revenue',
    {
      onRequest: mustBe.admin,
      schema: {
        tags: ['analytics'],
        summary: "The meter's and gift links' settings and this calendar month's figures (admins)",
        response: { 200: readerRevenueMonthSchema, ...adminOnly },
      },
    },
    () =>
      readMonthFigures(db, today(), {
        guestFree: config.meter.guest,
        registeredFree: config.meter.registered,
        giftsPerMonth: config.giftsPerMonth ?? defaultGiftsPerMonth,
      }),
  );
};
