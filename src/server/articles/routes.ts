import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { articleMessages } from '#shared/article-messages';
import { articleSchema, createArticleSchema } from '#shared/articles';
import { articleDetailSchema } from '#shared/api/article-detail';
import { apiErrorSchema } from '#shared/api-error';
import {
  currentUser,
  mustBe,
  requireAdmin,
  requireUser,
  requireVerifiedUser,
} from '#server/auth/guards';
import { AppError } from '#server/errors';
import { isSavedImage } from '#server/images/variants';
import { requireStoredBodyImages } from './body-images.js';
import { readLifetimesMs } from '#server/cache/kept-reads';
import { replyWithShared, sharedAnswerOf } from '#server/http/compress-answers';
import { articleReadingSchema } from '#shared/pages';
import { parseArticleId } from './article-id.js';
import { approvalFilter, mayListAuthor } from './entitlement.js';
import { articleInputMessages } from './messages.js';
import { createArticle } from './queries/create.js';
import { readArticle } from './queries/detail.js';
import { listArticles } from './queries/list.js';
import { sendReviewNotice } from './notices.js';
import { moderateArticle } from './queries/moderate.js';
import { premiumSplit } from './queries/premium-split.js';
import { readArticleForReader } from './queries/reading.js';
import { deleteArticle } from './queries/remove.js';
import { updateArticleContent } from './queries/update.js';
import { articleListQuery } from '#shared/api/article-list';
import { articleIdParams, articlePutBody, isModeration } from './request-schemas.js';
import { revisionRoutes } from './revision-routes.js';
import { premiumSplitSchema } from '#shared/api/statistics';
import {
  contentChangeAnswerSchema,
  deletedAnswerSchema,
  insertedAnswerSchema,
  modifiedOnceAnswerSchema,
} from '#shared/api/writes';

const error = apiErrorSchema;
const writeErrors = { 400: error, 401: error, 403: error, 404: error };

export const articleRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  await app.register(revisionRoutes);

  app.get(
    '/api/articles',
    {
      schema: {
        tags: ['articles'],
        summary: 'Lists articles, newest first; the total is in the X-Total-Count header',
        description:
          'Guests and users get approved articles. `email` lists that author’s articles of ' +
          'every status (one’s own, or anyone’s for an admin); an admin without `email` gets ' +
          'every status. Lists carry what the cards show: `description` holds the first three ' +
          'sentences of a free article, and of a premium one at most a third of its sentences ' +
          '(never its whole text); GET /api/articledetail/{id} has the full text.',
        querystring: articleListQuery,
        response: { 200: z.array(articleSchema), 400: error, 401: error, 403: error },
      },
    },
    async (request, reply) => {
      const { email, sortBy, limit, page, ...filters } = request.query;
      const caller = email === undefined ? await currentUser(request) : await requireUser(request);
      if (email !== undefined && caller && !mayListAuthor(caller, email)) {
        throw new AppError('forbidden', 'You may only list your own articles');
      }
      const isApproved = approvalFilter(caller, email !== undefined, filters.isApproved);
      if (isApproved === null) {
        reply.header('x-total-count', '0');
        return [];
      }
      const { articles, total } = await listArticles(
        db,
        app.database.dialect,
        { ...filters, isApproved, authorEmail: email },
        { sortBy, limit, page },
        // An author's own list (checked above) and the admins' lists say where edits stand.
        { withRevisions: email !== undefined || caller?.isAdmin === true, keep: app.publicReads },
      );
      reply.header('x-total-count', String(total));
      // A kept list is one object for all its readers: made into JSON and compressed once.
      replyWithShared(reply, sharedAnswerOf(articles));
      return articles;
    },
  );

  app.get(
    '/api/articles/premium-split',
    {
      onRequest: mustBe.admin,
      schema: {
        tags: ['articles'],
        summary: 'How many articles are premium and how many not, every status (admin dashboard)',
        response: {
          200: premiumSplitSchema,
          401: error,
          403: error,
        },
      },
    },
    async () => {
      return premiumSplit(db);
    },
  );

  app.post(
    '/api/articles',
    {
      onRequest: mustBe.verified,
      schema: {
        tags: ['articles'],
        summary: 'Posts an article for review (signed in; one unless premium or admin)',
        description:
          '`image` must be a URL that POST /api/images answered. The article starts pending, ' +
          'not premium, with no views; anything else in the body is ignored.',
        body: createArticleSchema,
        response: { 201: insertedAnswerSchema, 400: error, 401: error, 403: error },
      },
    },
    async (request, reply) => {
      const caller = await requireVerifiedUser(request);
      if (!(await isSavedImage(db, app.images, request.body.image))) {
        throw new AppError('bad_request', articleInputMessages.foreignImage);
      }
      await requireStoredBodyImages(db, app.images, request.body.body);
      const id = await createArticle(db, caller.id, request.body, app.clock());
      return reply.status(201).send({ insertedId: String(id) });
    },
  );

  app.put(
    '/api/articles/:id',
    {
      onRequest: mustBe.signedIn,
      schema: {
        tags: ['articles'],
        summary: "Replaces an article's content (its author, or an admin), or moderates it (admin)",
        description:
          'Content: title, publisher, tags, description and image; status, premium, views, ' +
          'author and dates are kept, and other fields the spec’s client sends are ignored. ' +
          'The author’s edit of an approved article waits for an editor as its pending ' +
          'revision (`awaitingReview: true`) while the approved text stays live. ' +
          'Moderation (admins only), exactly one field: `{isApproved: true}`, `{isPremium: ' +
          'true}` or `{adminMessage}` (decline). `modifiedCount` is 0 when nothing changed.',
        params: articleIdParams,
        // The content schema is not strict: the spec's client sends the whole article back and
        // the extra fields are dropped. The moderation bodies are strict and carry no `name`.
        body: articlePutBody,
        response: { 200: contentChangeAnswerSchema, ...writeErrors, 409: error },
      },
    },
    async (request) => {
      const body = request.body;
      if (isModeration(body)) {
        await requireAdmin(request);
        const id = parseArticleId(request.params.id);
        const modifiedCount = await moderateArticle(db, id, body);
        if (modifiedCount === 1) {
          await sendReviewNotice(
            app,
            id,
            'adminMessage' in body
              ? { kind: 'declined', reason: body.adminMessage }
              : { kind: 'isApproved' in body ? 'approved' : 'premium' },
          );
        }
        return { modifiedCount };
      }
      const caller = await requireUser(request);
      const id = parseArticleId(request.params.id);
      const change = await updateArticleContent(db, id, caller, body, app.images, app.clock());
      return change.awaitingReview ? change : { modifiedCount: change.modifiedCount };
    },
  );

  app.delete(
    '/api/articles/:id',
    {
      onRequest: mustBe.signedIn,
      schema: {
        tags: ['articles'],
        summary: 'Deletes an article (its author, or an admin)',
        params: articleIdParams,
        response: { 200: deletedAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      const caller = await requireUser(request);
      const deletedCount = await deleteArticle(db, parseArticleId(request.params.id), caller);
      return { deletedCount };
    },
  );

  app.get(
    '/api/articledetail/:id',
    {
      schema: {
        tags: ['articles'],
        summary: 'One article with its full text',
        description:
          '404 for a pending or declined article unless the caller is its author or an admin; ' +
          '403 for a premium article unless the caller is premium, an admin or its author, or ' +
          'the reading meter opens it for them: then `meter` says where theirs stands, and the ' +
          'answer is `Cache-Control: private, no-store`. ' +
          'A guest’s answer of a free article is kept up to 30 seconds and forgotten on any ' +
          'write that changes it; its `viewCount` may lag as much, as the lists’ does.',
        params: articleIdParams,
        response: { 200: articleDetailSchema, 403: error, 404: error },
      },
    },
    async (request, reply) => {
      const id = parseArticleId(request.params.id);
      const caller = await currentUser(request);
      const meter = app.readingMeter.forRequest(request, reply, caller);
      if (caller) return readArticle(db, id, caller, meter);
      // A published free article is the same for every guest: kept like a list's page from its
      // second request, made into JSON and compressed once, and forgotten on every change
      // announced (its view count may lag as the lists' do). A refusal (404, 403) is an error,
      // never kept: a premium article's is read again with this guest's meter, for them alone.
      const article = await app.articleReads
        .read(
          `detail:${id}`,
          readLifetimesMs.page,
          () => readArticle(db, id, null),
          // Its size is its shared answer's, made once here and reused to send it.
          { size: (value) => sharedAnswerOf(value).body.length },
        )
        .catch((err: unknown) => {
          if (err instanceof AppError && err.code === 'forbidden') return null;
          throw err;
        });
      if (!article) return readArticle(db, id, null, meter);
      replyWithShared(reply, sharedAnswerOf(article));
      return article;
    },
  );

  app.get(
    '/api/articles/:id/reading',
    {
      schema: {
        tags: ['articles'],
        summary: 'One article as the caller may read it: in full, or a premium preview',
        description:
          'The article page’s read. `access` is `full` (the whole text) when the caller may ' +
          'read it (as GET /api/articledetail/{id}), else `preview`: a premium article with ' +
          'the first sentences as `description`, as lists carry it, so the page can show its ' +
          'headline, byline and picture before the subscription prompt. 404 for a pending ' +
          'or declined article unless the caller is its author or an admin. `image` is the ' +
          'picture’s size in pixels when it was uploaded to the site, else null. A premium ' +
          'article the reading meter opens is `full` and `Cache-Control: private, no-store`; ' +
          '`meter` says where the reader’s meter stands whenever it decided, else null.',
        params: articleIdParams,
        response: { 200: articleReadingSchema, 404: error },
      },
    },
    async (request, reply) => {
      const id = parseArticleId(request.params.id);
      const caller = await currentUser(request);
      const meter = app.readingMeter.forRequest(request, reply, caller);
      const reading = await readArticleForReader(db, id, caller, meter);
      if (!reading) throw new AppError('not_found', articleMessages.notFound);
      if (reading.access === 'preview')
        await app.analytics.wallShown(request, caller?.id ?? null, id);
      return reading;
    },
  );

  app.patch(
    '/api/articledetail/:id',
    {
      schema: {
        tags: ['articles'],
        summary: 'Counts one view of a published article (anyone; the body is ignored)',
        description:
          'At most 30 views a minute per address and article (429 beyond). A view counted ' +
          'shows in the count within a second.',
        params: articleIdParams,
        response: { 200: modifiedOnceAnswerSchema, 404: error, 429: error },
      },
    },
    async (request) => {
      await app.articleViews.count(
        parseArticleId(request.params.id),
        request.ip,
        app.clock().getTime(),
      );
      return { modifiedCount: 1 as const };
    },
  );
};
