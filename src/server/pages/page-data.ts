import type { FastifyInstance } from 'fastify';
import type { PageData, PageDataError, Viewer } from '#shared/pages';
import { fieldMessage } from '#shared/api-error';
import type { Caller } from '#server/auth/guards';
import type { ArticleMeter } from '#server/meter/meter';
import { AppError } from '#server/errors';
import { parseArticleId } from '#server/articles/article-id';
import { approvalFilter } from '#server/articles/entitlement';
import { listArticles } from '#server/articles/queries/list';
import { readArticleForReader } from '#server/articles/queries/reading';
import { articleListQuery, type PublicListQuery } from '#shared/api/article-list';
import { queryString } from '#shared/api/query-string';
import type { SearchParams } from '#shared/api/search-query';
import { listPublishers } from '#server/publishers/queries';
import { readStatistics } from '#server/statistics/queries';
import { findUserRecord } from '#server/users/queries';
import { searchQuery } from '#server/search/request-schema';
import { searchFor } from '#server/search/routes';
import { subscriberIdOf } from '#server/newsletter/links';
import { sendIdParams } from '#server/newsletter/reader-routes';
import { preferencesOf } from '#server/newsletter/subscribers';
import { readSendView } from '#server/newsletter/web-version';
import { newsletterLinkMessages } from '#shared/newsletter-messages';

/**
 * The reads a page's loaders make, for one caller, in process: the same queries, rules and
 * answers as the API routes they stand for (GET /api/articles, /api/articles/:id/reading,
 * /api/publisher, /api/statistics, /api/search, /api/newsletter/…), without a request to the
 * server itself. An article is read with `meter`: the caller's own, or, for the page every
 * guest gets alike, the one that opens nothing (meter/meter.ts).
 */
export function pageData(
  app: FastifyInstance,
  caller: Caller | null,
  viewer: Viewer,
  address: string,
  meter: ArticleMeter,
  /** The server's secret, which signs newsletter subscribers' links (newsletter/links.ts). */
  secret: string,
  /**
   * Told when the page shows a premium article's preview (a wall) to a signed-in reader, as the
   * article page's read is (analytics/record.ts); a guest's wall is told where the page is sent.
   */
  wallShown?: (articleId: number) => Promise<void>,
): PageData {
  const { db, dialect } = app.database;
  return {
    viewer,
    async articles(query: PublicListQuery) {
      const parsed = articleListQuery.safeParse(asQuery(query));
      if (!parsed.success) throw badRequest(parsed.error.issues[0]);
      // Public lists only: an author's list (`email`) is never read here.
      const { email: _email, sortBy, limit, page, ...filters } = parsed.data;
      const isApproved = approvalFilter(caller, false, filters.isApproved);
      if (isApproved === null) return { articles: [], total: 0 };
      const { articles, total } = await listArticles(
        db,
        dialect,
        { ...filters, isApproved },
        { sortBy, limit, page },
        { keep: app.publicReads },
      );
      return { articles, total };
    },
    async reading(id: string) {
      let articleId: number;
      try {
        articleId = parseArticleId(id);
      } catch {
        return null;
      }
      const reading = await readArticleForReader(db, articleId, caller, meter);
      if (reading?.access === 'preview') await wallShown?.(articleId);
      return reading;
    },
    async search(params: SearchParams) {
      const parsed = searchQuery.safeParse(asQuery(params));
      if (!parsed.success) throw badRequest(parsed.error.issues[0]);
      return searchFor(app, caller, address, parsed.data).catch(asRefusal);
    },
    async newsletterSend(id: string) {
      const parsed = sendIdParams.safeParse({ id });
      if (!parsed.success) return null;
      return (await readSendView(db, parsed.data.id, caller)) ?? null;
    },
    // As GET /api/newsletter/preferences answers.
    async newsletterPreferences(token: string) {
      const id = subscriberIdOf(secret, token);
      const preferences = id === undefined ? undefined : await preferencesOf(db, id);
      if (preferences) return preferences;
      const status = id === undefined ? 400 : 404;
      throw {
        status,
        error: status === 400 ? 'bad_request' : 'not_found',
        message: newsletterLinkMessages.badLink,
      } satisfies PageDataError;
    },
    publishers: () => listPublishers(db),
    statistics: () => readStatistics(db, app.clock()),
  };
}

/** The request as the API route would have read it from the page's query string. */
function asQuery(request: Parameters<typeof queryString>[0]): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(queryString(request)));
}

/** The reader's session and record, or null for a guest (or a user no longer on record). */
export async function viewerOf(app: FastifyInstance, caller: Caller | null): Promise<Viewer> {
  if (!caller) return null;
  const record = await findUserRecord(app.database.db, { id: caller.id }, app.clock());
  if (!record) return null;
  const { id, name, email, image } = caller;
  return { user: { id, name, email, image }, record };
}

/** A rule's refusal (an AppError: too many searches) as the API would have answered it. */
function asRefusal(error: unknown): never {
  if (error instanceof AppError) {
    throw {
      status: error.status,
      error: error.code,
      message: error.message,
    } satisfies PageDataError;
  }
  throw error;
}

/** As the API's error handler words a query it refuses. */
function badRequest(issue: { path: PropertyKey[]; message: string } | undefined): PageDataError {
  const message = issue ? fieldMessage(issue.path, issue.message) : 'Invalid request';
  return { status: 400, error: 'bad_request', message };
}
