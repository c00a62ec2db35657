import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageAssets, PageRenderer } from '#shared/pages';
import { paths } from '#shared/paths';
import { currentUser } from '../auth/guards.js';
import { sendShared } from '../http/compress-answers.js';
import { pageData, viewerOf } from './page-data.js';

/** The server entry of the web app and the built files its pages name. */
export interface Pages {
  renderer: PageRenderer;
  assets: PageAssets;
}

const html = 'text/html; charset=utf-8';

/**
 * Answers a page (any GET that is not the API, an asset or an upload) with the HTML the web
 * app's server entry renders for the caller. A guest's page is the same for every guest: it is
 * kept and shared (cache/guest-pages.ts) and may be revalidated by any cache. A signed-in reader's page
 * is theirs: rendered for the request and never stored anywhere.
 */
export function pageAnswerer(app: FastifyInstance, pages: Pages, publicUrl: string) {
  const render = async (
    request: FastifyRequest,
    caller: Awaited<ReturnType<typeof currentUser>>,
  ) => {
    const viewer = await viewerOf(app, caller);
    return pages.renderer.renderPage({
      url: request.url,
      publicUrl,
      assets: pages.assets,
      data: pageData(app, caller, viewer, request.ip),
    });
  };

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = await currentUser(request);
    // Searches are as many as the words readers type: kept, they would push the popular pages
    // out. Their answers are kept already (search/queries.ts), which makes rendering them cheap.
    if (!caller && !request.url.startsWith(`${paths.search}?`)) {
      const page = await app.guestPages.page(request.url, () => render(request, null));
      if (page.location) {
        return reply.header('cache-control', 'no-store').redirect(page.location, page.status);
      }
      reply.status(page.status).header('cache-control', 'no-cache');
      return sendShared(reply, page.answer, html);
    }
    const page = await render(request, caller);
    if (page.location) {
      return reply.header('cache-control', 'no-store').redirect(page.location, page.status);
    }
    return reply
      .status(page.status)
      .header('cache-control', caller ? 'private, no-store' : 'no-cache')
      .type(html)
      .send(page.html);
  };
}
