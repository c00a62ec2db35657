import type { RenderedPage } from '#shared/pages';
import type { ChangeWatch } from '../db/changes.js';
import { sharedText, type SharedAnswer } from '../http/compress-answers.js';

/**
 * How long a guest's page is kept by this process. Guests' pages do not depend on who asks
 * (guests see the same), so a popular page is rendered a few times a minute rather than for
 * every reader. Every write that changes what a list shows, whoever makes it, makes every kept page
 * stale at once (db/changes.ts); this time bounds only what such a notice could miss. The home page's reader counts may lag as much.
 */
export const pageLifetimeMs = 10_000;
/** The longest life of a kept page while this process cannot hear others' notices. */
const unsureLifetimeMs = 1_000;
/** Pages remembered; the oldest goes first. A page is tens of kilobytes. */
const maxEntries = 500;

export interface KeptPage {
  status: number;
  /** The HTML, made once for every reader and compressed once per encoding. */
  answer: SharedAnswer;
  /** A redirect's target (never kept: only 200s are). */
  location?: string;
}

/** A render, with its gzip-compressed HTML when it was made already (a stored page's). */
export type GuestRender = RenderedPage & { gzip?: Buffer };

interface Entry {
  /** The generation of the database's changes the page was rendered in (db/changes.ts). */
  generation: number;
  expiresAt: number;
  page: Promise<KeptPage>;
}

/** The guests' pages this process keeps (app.guestPages, cache/plugin.ts). */
export class GuestPages {
  readonly #entries = new Map<string, Entry>();

  constructor(private readonly changes: Pick<ChangeWatch, 'current'>) {}

  /** The page kept for `address`, if it is still good; nothing is rendered. */
  kept(address: string): Promise<KeptPage> | undefined {
    // The generation is read only when there is an entry: most guests' addresses have none.
    const entry = this.#unexpired(address);
    return entry && entry.generation === this.changes.current().generation ? entry.page : undefined;
  }

  #unexpired(address: string): Entry | undefined {
    const entry = this.#entries.get(address);
    return entry && Date.now() < entry.expiresAt ? entry : undefined;
  }

  /**
   * The guest's page at `address` (path and query), rendered by `render` and kept for a while.
   * Readers asking while it renders share that render. Only complete pages (200) are kept: a
   * failed render is not remembered, and a stream of unknown addresses (404s) does not push the
   * popular pages out.
   */
  page(address: string, render: () => Promise<GuestRender>): Promise<KeptPage> {
    const { generation, sure } = this.changes.current();
    const entry = this.#unexpired(address);
    if (entry?.generation === generation) return entry.page;

    const kept = this.#entries;
    const page = render().then(({ status, html, location, gzip }) => {
      const answer = sharedText(html);
      if (gzip) answer.encoded.set('gzip', Promise.resolve(gzip));
      return { status, answer, location };
    });
    const lifetimeMs = sure ? pageLifetimeMs : unsureLifetimeMs;
    const fresh: Entry = { generation, expiresAt: Date.now() + lifetimeMs, page };
    kept.delete(address);
    kept.set(address, fresh);
    if (kept.size > maxEntries) kept.delete(kept.keys().next().value!);
    page.then(
      ({ status }) => {
        if (status !== 200 && kept.get(address) === fresh) kept.delete(address);
      },
      () => {
        if (kept.get(address) === fresh) kept.delete(address);
      },
    );
    return page;
  }
}
