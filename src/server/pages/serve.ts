import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FormOutcome, PageAssets, PageMatch, PageRenderer } from '#shared/pages';
import { paths } from '#shared/paths';
import { currentUser, type Caller } from '#server/auth/guards';
import type { ArticleMeter, MeterOutcome } from '#server/meter/meter';
import { sendGzipped, sendShared } from '#server/http/compress-answers';
import { giftTokenOf } from '#server/gifts/gift-links';
import { answerGiftPage } from '#server/gifts/page';
import {
  answerSharedPage,
  articleTag,
  authorTag,
  etagOfGzip,
  pageTags,
  publisherTag,
  type PageCaching,
} from './cache-headers.js';
import { pageData, viewerOf } from './page-data.js';
import { fillStoredPages } from './fill-stored-pages.js';
import { guestPage, keptGuestPage } from './guest-pages.js';
import { openPageFor, openPageTemplate, templateMeter } from './open-pages.js';
import { storingRender } from './storing-render.js';

/** The server entry of the web app and the built files its pages name. */
export interface Pages {
  renderer: PageRenderer;
  assets: PageAssets;
  /** Names this build of the server entry and files (load.ts): what a stored page is good for. */
  build: string;
}

/** An article's own address, with nothing after it: the page guests are sent stored. */
const articleAddress = /^\/articles\/([1-9][0-9]{0,9})$/;

const html = 'text/html; charset=utf-8';

/**
 * What the route table answers for an article's own address, the page guests open most, known
 * without asking it: the router's parse and walk of the table cost as much as a tenth of a stored
 * page's answer (page-addresses.test.ts checks the two agree).
 */
export function articleMatch(url: string): PageMatch | undefined {
  const id = articleAddress.exec(url)?.[1];
  return id === undefined ? undefined : { id: 'article', path: url, params: { id }, search: '' };
}

export type PageAnswerer = ReturnType<typeof pageAnswerer>;

/**
 * Answers a page (any GET that is not the API, an asset or an upload) with the HTML the web
 * app's server entry renders for the caller. A guest's page is the same for every guest: it is
 * kept and shared (guest-pages.ts) and offered to the caches in front (cache-headers.ts); a guest's page of
 * a published article is also stored in the database (stored-pages.ts), and filled ahead of its
 * first reader (fill-stored-pages.ts): the page of a premium article there carries its excerpt
 * only, as for a guest whose reading meter is spent. A signed-in reader's page, and a guest's of
 * a premium article their meter opens, is theirs: rendered for the request and never stored
 * anywhere.
 */
export function pageAnswerer(
  app: FastifyInstance,
  pages: Pages,
  publicUrl: string,
  /** The server's secret, which signs newsletter subscribers' links (newsletter/links.ts). */
  secret: string,
  caching: PageCaching,
) {
  const meter = app.readingMeter;
  const render = async (
    url: string,
    caller: Awaited<ReturnType<typeof currentUser>>,
    address: string,
    articleMeter: ArticleMeter,
    form?: FormOutcome,
    request?: FastifyRequest,
  ) => {
    const viewer = await viewerOf(app, caller);
    // A signed-in reader's wall, under their keyed hash (analytics/record.ts).
    const wallShown =
      caller && request
        ? (articleId: number) => app.analytics.wallShown(request, caller.id, articleId)
        : undefined;
    return pages.renderer.renderPage({
      url,
      publicUrl,
      assets: pages.assets,
      data: pageData(app, caller, viewer, address, articleMeter, secret, wallShown),
      form,
    });
  };
  /** A page for this request's reader alone, their meter counting: never kept or stored. */
  const renderOwn = (request: FastifyRequest, reply: FastifyReply, caller: Caller | null) =>
    render(
      request.url,
      caller,
      request.ip,
      meter.forRequest(request, reply, caller),
      undefined,
      request,
    );
  const stored = app.storedPages;
  if (!stored) throw new Error('The stored pages are made where the web app is served');
  /** A meter that opens `articleId` as `outcome` says, and nothing else. */
  const openedAs =
    (articleId: number, outcome: MeterOutcome): ArticleMeter =>
    (asked) =>
      asked === articleId ? Promise.resolve(outcome) : meter.sharedGuest(asked);
  // A premium article's open page, while guests are metered: rendered with numbers to cut at.
  const renderOpen = (articleId: number) => async () => {
    const state = templateMeter(meter.allowances);
    const path = paths.article(String(articleId));
    const page = await render(path, null, '', openedAs(articleId, { granted: true, state }));
    return page.status === 200 && !page.location ? openPageTemplate(page.html, state) : null;
  };
  const renderGuestArticle = (articleId: number) =>
    storingRender(
      app,
      stored,
      articleId,
      () => render(paths.article(String(articleId)), null, '', meter.sharedGuest),
      meter.allowances.guest > 0 ? renderOpen(articleId) : undefined,
    );
  fillStoredPages(app, stored, renderGuestArticle);

  /**
   * A premium article's page the meter opened for this guest (`opened`, counted): the stored
   * open page with their numbers put in (kept in this process, else stored, else rendered and
   * stored now for the next reader), or, when none could be made, a render for them alone.
   */
  const answerOpened = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: number,
    open: Buffer | undefined,
    opened: MeterOutcome,
  ) => {
    const address = paths.article(String(id));
    const template =
      open ?? (await guestPage(app, address, [articleTag(id)], () => renderGuestArticle(id))).open;
    reply.header('cache-control', 'private, no-store');
    if (template && opened.state) {
      return sendGzipped(request, reply, openPageFor(template, opened.state), html);
    }
    const page = await render(request.url, null, request.ip, openedAs(id, opened));
    return reply.status(page.status).type(html).send(page.html);
  };

  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    // The page is the one the router matches, whatever the spelling: other spellings of its
    // path (`/Search/`, `/%73earch`) are sent to the one the route table has.
    const match = articleMatch(request.url) ?? pages.renderer.matchPage(request.url);
    const query = request.url.indexOf('?');
    const pathname = query < 0 ? request.url : request.url.slice(0, query);
    if (match.path !== pathname) {
      return reply.redirect(match.path + (query < 0 ? '' : request.url.slice(query)), 301);
    }

    const caller = await currentUser(request);
    // A gift link's article page (decision 024): the reader's own, never kept or stored.
    const gift = match.id === 'article' ? giftTokenOf(request.url) : undefined;
    if (gift !== undefined) {
      const meterOfGift = app.giftLinks.meterFor(request, reply, caller, gift);
      const page = await render(request.url, caller, request.ip, meterOfGift, undefined, request);
      return answerGiftPage(reply, page);
    }
    // A guest's page is the same for every guest: kept under its path and the parameters it
    // reads, so that a query it ignores (`/?x=1`) makes no new render.
    const address = match.path + match.search;
    const articleId = caller ? undefined : articleAddress.exec(address)?.[1];
    if (articleId) {
      const id = +articleId;
      // Kept in this process (a popular article), else stored, else rendered and stored below.
      // Either says whether the article is premium and whose it is, so the meter and the
      // analytics need no read of their own for a free article's page.
      const kept = keptGuestPage(app, address);
      const storedPage = kept ? undefined : await stored.readForGuest(id);
      const { premium, publisherId } = storedPage
        ? { premium: storedPage.isPremium, publisherId: storedPage.publisherId }
        : kept?.status === 200
          ? kept
          : { premium: undefined, publisherId: undefined };
      const known =
        premium === undefined || publisherId === undefined
          ? undefined
          : { articleId: id, publisherId, isPremium: premium };
      // A premium article the reading meter opens for this guest: their own page, with the text.
      const opened = await meter.openForGuest(request, reply, id, known);
      if (opened) return answerOpened(request, reply, id, kept?.open ?? storedPage?.open, opened);
      await app.analytics.guestArticlePage(request, id, known);
      // The shared page, read now if the open page was read in its place.
      const shared = storedPage?.open ? await stored.read(id) : storedPage;
      if (shared) {
        const { gzip, isPremium, publisherId: publisher, authorId } = shared;
        const facts = {
          status: 200,
          etag: etagOfGzip(gzip),
          tags: [articleTag(id), publisherTag(publisher), authorTag(authorId)],
          premium: isPremium,
        };
        if (answerSharedPage(caching, request, reply, facts)) return reply;
        return sendGzipped(request, reply, gzip, html);
      }
      const page = await guestPage(app, address, [articleTag(id)], () => renderGuestArticle(id));
      if (answerSharedPage(caching, request, reply.status(page.status), page)) return reply;
      return sendShared(reply, page.answer, html);
    }
    // Searches are as many as the words readers type: kept, they would push the popular pages
    // out, and each must count against the reader's search budget. Their answers are kept
    // already (search/queries.ts), which makes rendering them cheap. A subscriber's preferences
    // page shows what its form has just changed, and its address carries their secret.
    if (!caller && match.id !== 'search' && match.id !== 'newsletter-preferences') {
      const page = await guestPage(app, address, pageTags(match.id), () =>
        render(address, null, request.ip, meter.sharedGuest),
      );
      if (page.location) {
        return reply.header('cache-control', 'no-store').redirect(page.location, page.status);
      }
      if (answerSharedPage(caching, request, reply.status(page.status), page)) return reply;
      return sendShared(reply, page.answer, html);
    }
    const page = await renderOwn(request, reply, caller);
    if (page.location) {
      return reply.header('cache-control', 'no-store').redirect(page.location, page.status);
    }
    return reply
      .status(page.status)
      .header('cache-control', caller ? 'private, no-store' : 'no-cache')
      .type(html)
      .send(page.html);
  };

  /**
   * The page a form was posted from, with what its post came to (auth/page-forms.ts): for the
   * caller alone, never kept.
   */
  const answerForm = async (
    request: FastifyRequest,
    reply: FastifyReply,
    form: FormOutcome,
    status: number,
  ) => {
    const caller = await currentUser(request);
    const page = await render(
      request.url,
      caller,
      request.ip,
      meter.forRequest(request, reply, caller),
      form,
    );
    reply.header('cache-control', 'private, no-store');
    // A reader signed in meanwhile is sent on, as the page would send them.
    if (page.location) return reply.redirect(page.location, 303);
    return reply.status(status).type(html).send(page.html);
  };

  return { answer, answerForm };
}
