import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiErrorSchema } from '#shared/api-error';
import { searchAnswerSchema, type SearchAnswer } from '#shared/api/search';
import { mayReadPremium } from '#shared/rules/reading';
import { currentUser, type SessionUser } from '../auth/guards.js';
import { replyWithShared, sharedAnswerOf } from '../http/compress-answers.js';
import { searchArticles } from './queries.js';
import { searchQuery } from './request-schema.js';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Searches the approved articles’ titles and texts, best match first',
        description:
          'Every word is required; "quoted words" are a phrase; English stems match. Each ' +
          'result carries the article as lists do (an excerpt), its title and best passage as ' +
          'pieces of plain text with the matched words marked, and the answer the matches’ ' +
          'counts per publisher and per tag. Premium articles are found like any other, but ' +
          'for a caller who may not read them (a guest or a free reader) only by their title ' +
          'and public excerpt, which is also where their passage comes from. The total is ' +
          'also in the X-Total-Count header.',
        querystring: searchQuery,
        response: { 200: searchAnswerSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const answer = await searchFor(app, await currentUser(request), request.query);
      reply.header('x-total-count', String(answer.total));
      // A kept answer is one object for all its readers: made into JSON and compressed once.
      replyWithShared(reply, sharedAnswerOf(answer));
      return answer;
    },
  );
};

/** A parsed search for `caller`: the API's answer, and the search page's (pages/page-data.ts). */
export function searchFor(
  app: FastifyInstance,
  caller: SessionUser | null,
  { q, publisher, tags, premium, page, limit }: z.output<typeof searchQuery>,
): Promise<SearchAnswer> {
  const { db, dialect } = app.database;
  return searchArticles(
    db,
    dialect,
    q,
    { publisher, tags, isPremium: premium },
    { page, limit },
    { publicOnly: !mayReadPremium(caller) },
    app.publicReads,
  );
}
