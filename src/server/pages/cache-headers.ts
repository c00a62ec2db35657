import { crc32 } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How the pages every guest gets alike are offered to caches in front of the server (a CDN,
 * nginx's proxy_cache: docs/decisions/025-cdn-caching.md).
 *
 * - **Public for `sharedSeconds`** (PAGE_CACHE_SECONDS) to shared caches only (`s-maxage`):
 *   browsers ask again every time (`max-age=0`) and get a 304 when nothing changed. A shared
 *   cache may answer a page up to a minute past that while it fetches it again, and a day past
 *   it while the server fails. 0 keeps shared caches out (`no-cache`, as before).
 * - **A 404 too**: every guest gets it alike, and a cache that keeps it spares the server a
 *   flood of unknown addresses. A pending article's 404 is purged when it is approved (its
 *   address and tag, as any change of it). Any other status (a 500) is not kept.
 * - **Private** when the page is decided per request though its address is every guest's: a
 *   premium article's page while guests are metered (the meter opens it for some).
 * - **Vary: Accept-Encoding** only. Not Cookie: a signed-in reader's answers are `private,
 *   no-store`, and the cache in front must pass every request carrying the session cookie
 *   through (docs/DEPLOYMENT.md); varying on Cookie would split the cache by every visitor.
 * - **An ETag from the gzip trailer**: a stored page is kept gzip-compressed, and gzip ends with
 *   the CRC-32 and length of what it compressed. Read there, the stored page's ETag costs no
 *   hash and no column; a page kept in memory gets the same value from its text, once when it is
 *   kept. Weak, because one ETag names the page in every encoding.
 * - **Surrogate-Key** (Fastly, space-separated) and **Cache-Tag** (Cloudflare, comma-separated):
 *   what the page shows, so a purge (cache/purge-hook.ts) can name it.
 */
export interface PageCaching {
  /** PAGE_CACHE_SECONDS: how long shared caches may keep a page; 0 keeps them out. */
  sharedSeconds: number;
  /** Whether guests are metered (METER_GUEST_FREE > 0): premium article pages are then theirs. */
  guestsMetered: boolean;
}

/** What a page every guest gets alike is, for the caches: known when it is kept or stored. */
export interface SharedPageFacts {
  status: number;
  etag?: string;
  /** What it shows (`article-12`, `publisher-3`, `author-<user id>`, `home`, `lists`). */
  tags: readonly string[];
  /** An article page of a premium article. */
  premium?: boolean;
  /** An article page's publisher, which the analytics' events name (analytics/record.ts). */
  publisherId?: number;
}

/** The ETag of a page whose text is `body`. */
export function etagOfText(body: Buffer): string {
  return etag(crc32(body), body.length);
}

/** The ETag of a page stored gzip-compressed: the same as its text's, read from the trailer. */
export function etagOfGzip(gzip: Buffer): string | undefined {
  if (gzip.length < 18) return undefined;
  return etag(gzip.readUInt32LE(gzip.length - 8), gzip.readUInt32LE(gzip.length - 4));
}

function etag(crc: number, length: number): string {
  return `W/"${(crc >>> 0).toString(16)}-${(length >>> 0).toString(16)}"`;
}

/** An article page's tags: its own, its publisher's and its author's (their byline). */
export const articleTag = (articleId: number) => `article-${articleId}`;
export const publisherTag = (publisherId: number) => `publisher-${publisherId}`;
export const authorTag = (userId: string) => `author-${userId}`;

/** The tags of the other pages every guest gets alike, by the route table's page id. */
export function pageTags(pageId: string): string[] {
  if (pageId === 'home') return ['home'];
  if (pageId === 'all-articles') return ['lists'];
  return [];
}

export function cacheControlOf(caching: PageCaching, page: SharedPageFacts): string {
  if ((page.status !== 200 && page.status !== 404) || caching.sharedSeconds === 0) {
    return 'no-cache';
  }
  if (page.premium && caching.guestsMetered) return 'private, no-cache';
  return (
    `public, max-age=0, s-maxage=${caching.sharedSeconds}, ` +
    'stale-while-revalidate=60, stale-if-error=86400'
  );
}

/**
 * Sets the caching headers of a page every guest gets alike, and answers 304 Not Modified when
 * the reader already holds it: true when it did, and nothing more is to be sent.
 */
export function answerSharedPage(
  caching: PageCaching,
  request: FastifyRequest,
  reply: FastifyReply,
  page: SharedPageFacts,
): boolean {
  reply.header('cache-control', cacheControlOf(caching, page)).header('vary', 'Accept-Encoding');
  if (page.tags.length > 0) {
    reply.header('surrogate-key', page.tags.join(' ')).header('cache-tag', page.tags.join(','));
  }
  if (page.status !== 200 || !page.etag) return false;
  reply.header('etag', page.etag);
  if (!matches(request.headers['if-none-match'], page.etag)) return false;
  void reply.status(304).send();
  return true;
}

/** If-None-Match's weak comparison: any listed tag, `W/` or not, or `*`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === bare);
}
