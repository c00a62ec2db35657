import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiErrorSchema } from '#shared/api-error';
import { searchAnswerSchema, type SearchAnswer } from '#shared/api/search';
import { rateLimits } from '#shared/rules/limits';
import { mayReadPremium } from '#shared/rules/reading';
import { searchMessages } from '#shared/search';
import { currentUser, type Caller } from '#server/auth/guards';
import { AppError } from '#server/errors';
import { replyWithShared, sharedAnswerOf } from '#server/http/compress-answers';
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
          'also in the X-Total-Count header. One address may search at most ' +
          `${rateLimits.searches.max} times a minute; past that the answer is 429. When more ` +
          'searches come in than the server can answer in time, the ones it cannot start ' +
          'within a second are answered 503 with Retry-After.',
        querystring: searchQuery,
        response: {
          200: searchAnswerSchema,
          400: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await searchFor(app, await currentUser(request), request.ip, request.query);
      reply.header('x-total-count', String(answer.total));
      // A kept answer is one object for all its readers: made into JSON and compressed once.
      replyWithShared(reply, sharedAnswerOf(answer));
      return answer;
    },
  );
};

/**
 * A parsed search for `caller` from `address`: the API's answer, and the search page's
 * (pages/page-data.ts). Every search counts against the address's budget, kept answers too, so
 * the rule is the same whatever the cache holds; past it the answer is 429. The count is kept in
 * memory and shared with other processes every second (search/search-attempts.ts).
 */
export async function searchFor(
  app: FastifyInstance,
  caller: Caller | null,
  address: string,
  { q, publisher, tags, premium, page, limit }: z.output<typeof searchQuery>,
): Promise<SearchAnswer> {
  if (!app.searchAttempts.consume(address, app.clock().getTime())) {
    throw new AppError('rate_limited', searchMessages.tooMany);
  }
  return searchArticles(
    app.database,
    q,
    { publisher, tags, isPremium: premium },
    { page, limit },
    { publicOnly: !mayReadPremium(caller) },
    { keep: app.searchReads, gate: app.searchGate },
  );
}
