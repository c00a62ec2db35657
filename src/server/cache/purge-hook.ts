import type { FastifyBaseLogger } from 'fastify';
import { paths } from '#shared/paths';
import { articleTag, authorTag, publisherTag } from '#server/pages/cache-headers';

/** Where purges are posted (CDN_PURGE_URL), with the token that proves they are ours. */
export interface PurgeTarget {
  url: string;
  token?: string;
}

/** What one purge names: the pages' tags and their absolute addresses. */
export interface PurgeBody {
  tags: string[];
  urls: string[];
}

/** How long a purge may take before it is given up (and logged). */
const sendTimeoutMs = 10_000;

/**
 * Tells the CDN or proxy cache in front which guests' pages a write changed
 * (docs/decisions/025-cdn-caching.md): it POSTs `{tags, urls}` as JSON to CDN_PURGE_URL, with
 * `Authorization: Bearer CDN_PURGE_TOKEN` when set. Tags are what the pages carry in
 * Surrogate-Key and Cache-Tag (pages/cache-headers.ts); the addresses are the pages' first
 * spellings, for caches that purge by URL (the home page and the list's first page: later pages
 * of a list expire on their own, PAGE_CACHE_SECONDS).
 *
 * The write never waits for it: changes are gathered for `delayMs` and posted as one purge, and
 * while one is posted the next changes wait and go together after it, so a burst of moderation
 * makes a few posts rather than one per article. A purge that fails (or takes 10 s) is logged
 * and not retried: the pages it named expire within PAGE_CACHE_SECONDS.
 *
 * It is called by the write routes after their write, in the process that made it: the
 * database's change notices (db/changes.ts) reach every process and say only that something
 * changed, not what, so they can neither name the pages nor purge once.
 */
export class PagePurge {
  readonly #tags = new Set<string>();
  readonly #urls = new Set<string>();
  #timer: NodeJS.Timeout | undefined;
  /** The purge being posted: changes made meanwhile wait for it, and go together after. */
  #posting: Promise<void> | undefined;

  constructor(
    private readonly target: PurgeTarget | undefined,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
    private readonly delayMs = 250,
  ) {}

  /** An article published, edited, moderated or deleted: its page, the home page and lists. */
  articleChanged(articleId: number): void {
    this.#add(
      [articleTag(articleId), 'home', 'lists'],
      [paths.article(String(articleId)), paths.home, paths.allArticles],
    );
  }

  /** A publisher added or changed: its articles' pages, the home page and lists. */
  publisherChanged(publisherId: number): void {
    this.#add([publisherTag(publisherId), 'home', 'lists'], [paths.home, paths.allArticles]);
  }

  /** A user's name or photo changed: the bylines of their articles, the home page and lists. */
  authorChanged(userId: string): void {
    this.#add([authorTag(userId), 'home', 'lists'], [paths.home, paths.allArticles]);
  }

  /** Posts what is gathered now, and waits until every purge is posted. */
  async close(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#posting || this.#tags.size > 0) {
      if (!this.#posting) this.#post();
      await this.#posting;
    }
  }

  #add(tags: string[], pagePaths: string[]): void {
    if (!this.target) return;
    for (const tag of tags) this.#tags.add(tag);
    for (const path of pagePaths) this.#urls.add(this.publicUrl + path);
    this.#schedule();
  }

  #schedule(): void {
    if (this.#timer || this.#posting) return;
    this.#timer = setTimeout(() => this.#post(), this.delayMs);
  }

  #post(): void {
    this.#timer = undefined;
    const body: PurgeBody = { tags: [...this.#tags], urls: [...this.#urls] };
    this.#tags.clear();
    this.#urls.clear();
    this.#posting = this.#send(body).finally(() => {
      this.#posting = undefined;
      if (this.#tags.size > 0) this.#schedule();
    });
  }

  async #send(body: PurgeBody): Promise<void> {
    const { url, token } = this.target!;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(sendTimeoutMs),
      });
      await res.arrayBuffer();
      if (!res.ok) this.log.warn({ status: res.status, ...body }, 'the CDN refused a purge');
    } catch (err) {
      this.log.warn({ err, ...body }, 'a purge could not reach the CDN');
    }
  }
}
