import type { FastifyInstance } from 'fastify';
import type { RenderedPage } from '#shared/pages';
import { sharedText, type SharedAnswer } from '#server/http/compress-answers';
import { etagOfText, type SharedPageFacts } from './cache-headers.js';

/**
 * How long a guest's page is kept by this process (app.guestPages, cache/kept-reads.ts). Guests'
 * pages do not depend on who asks (guests see the same), so a popular page is rendered a few
 * times a minute rather than for every reader. Every write that changes what a list shows,
 * whoever makes it, makes every kept page stale at once (db/changes.ts); this time bounds only
 * what such a notice could miss. The home page's reader counts may lag as much.
 */
export const pageLifetimeMs = 10_000;

export interface KeptPage extends SharedPageFacts {
  /** The HTML, made once for every reader and compressed once per encoding. */
  answer: SharedAnswer;
  /** A redirect's target (never kept: only 200s are). */
  location?: string;
  /** A premium article's open page, with gaps for a metered reader's numbers (open-pages.ts). */
  open?: Buffer;
}

/**
 * A render, with its gzip-compressed HTML when it was made already (a stored page's), and for an
 * article's page whether it is premium and its tags (pages/cache-headers.ts), and a premium
 * article's open page when it was made with it.
 */
export type GuestRender = RenderedPage & {
  gzip?: Buffer;
  open?: Buffer;
  premium?: boolean;
  publisherId?: number;
  tags?: string[];
};

/**
 * The guest's page at `address` (path and query), rendered by `render` and kept for a while,
 * with its ETag, made once here, and its tags (`tags`, and the render's own). Readers asking
 * while it renders share that render. Only complete pages (200) are kept: a failed render is not
 * remembered, and a stream of unknown addresses (404s) is not kept at all.
 */
export function guestPage(
  app: FastifyInstance,
  address: string,
  tags: readonly string[],
  render: () => Promise<GuestRender>,
): Promise<KeptPage> {
  return app.guestPages.read(
    address,
    pageLifetimeMs,
    async () => {
      const {
        status,
        html,
        location,
        gzip,
        open,
        premium,
        publisherId,
        tags: own = [],
      } = await render();
      const answer = sharedText(html);
      if (gzip) answer.encoded.set('gzip', Promise.resolve(gzip));
      const etag = status === 200 ? etagOfText(answer.body) : undefined;
      const allTags = [...tags, ...own];
      return { status, answer, location, etag, premium, publisherId, tags: allTags, open };
    },
    // Counted twice: its compressed copies come to less than its text.
    {
      keep: (page) => page.status === 200,
      size: (page) => 2 * page.answer.body.length + (page.open?.length ?? 0),
    },
  );
}

/** The page this process keeps for `address`, if it may answer with it; nothing is rendered. */
export function keptGuestPage(app: FastifyInstance, address: string): KeptPage | undefined {
  return app.guestPages.peek<KeptPage>(address, pageLifetimeMs);
}
