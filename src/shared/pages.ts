import { z } from 'zod';
import type { UserRecord } from './accounts.js';
import { articleSchema, type Article } from './articles.js';
import { meterStateSchema } from './api/meter.js';
import { giftNoticeSchema } from './api/gifts.js';
import type { Publisher } from './publisher.js';
import type { SearchAnswer } from './api/search.js';
import type { Statistics } from './api/statistics.js';
import type { PublicListQuery } from './api/article-list.js';
import type { SearchParams } from './api/search-query.js';
import type { NewsletterSendView } from './api/newsletter-reader.js';
import type { NewsletterPreferences } from './newsletter.js';

/*
 * What the server and the web app's server entry (src/web/entry-server.tsx) agree on: the server
 * renders a page by handing the entry a request and its own reads, in process; the entry answers
 * the page's HTML and status. Types only, besides the reading schema both sides check.
 */

/**
 * What GET /api/articles/:id/reading answers: the article as the caller may read it. `full`
 * carries the whole text; `preview` (a premium article the caller is not entitled to) carries the
 * excerpt only, as lists do, so the page can show its headline, byline, date and picture before
 * the subscription prompt.
 */
export const articleReadingSchema = z.object({
  access: z.enum(['full', 'preview']),
  article: articleSchema,
  /** When the article last changed (written or moderated). */
  updatedAt: z.string(),
  /** The picture's size in pixels, as recorded when it was uploaded (images/variants.ts). */
  image: z.object({ width: z.number().int(), height: z.number().int() }).nullable(),
  /** Whether the author is an editor: their links are the site's own, not marked `nofollow`. */
  authorIsAdmin: z.boolean(),
  /**
   * Where the reader's meter stands when it decided (a premium article they read in full under
   * it, or whose preview they get once it is spent); null when the meter had no say.
   */
  meter: meterStateSchema.nullable(),
  /**
   * What the gift link the reader came by did (decision 024): `open` when it gave them the
   * whole text, else why not. Absent when the address carried no gift, or when the reader may
   * read the text anyway.
   */
  gift: giftNoticeSchema.optional(),
  /** The size and widths of each picture in the body as sent, by address, as recorded. */
  bodyImages: z.record(
    z.string(),
    z.object({ width: z.number().int(), height: z.number().int(), srcset: z.string().nullable() }),
  ),
});
export type ArticleReading = z.infer<typeof articleReadingSchema>;

export interface ArticleListPage {
  articles: Article[];
  total: number;
}

/** Who is reading: the session's public part (never its token) and the user's record. */
export type Viewer = {
  user: { id: string; name: string; email: string; image: string | null };
  record: UserRecord;
} | null;

/** A read the server refused, as the API would have answered it. */
export interface PageDataError {
  status: number;
  error: string;
  message: string;
}

/** The server's own reads for the caller, the same answers its API gives them. */
export interface PageData {
  viewer: Viewer;
  articles(query: PublicListQuery): Promise<ArticleListPage>;
  /** Null when the article does not exist for this caller (missing, pending, declined, bad id). */
  reading(id: string): Promise<ArticleReading | null>;
  publishers(): Promise<Publisher[]>;
  statistics(): Promise<Statistics>;
  search(params: SearchParams): Promise<SearchAnswer>;
  /** A newsletter's web version; null when there is none for this number. */
  newsletterSend(id: string): Promise<NewsletterSendView | null>;
  /** A subscriber's choices by their own link's token (refused as the API refuses it). */
  newsletterPreferences(token: string): Promise<NewsletterPreferences>;
}

/** The built files a page loads, from Vite's manifest (site-relative URLs). */
export interface PageAssets {
  /** The app's entry module. */
  script: string;
  styles: string[];
  /** Modules the entry imports, fetched at once instead of after the entry. */
  preloads: string[];
  /** Each lazily loaded route module's own preloads (its chunk and what it imports), by source. */
  routeModules: Record<string, string[]>;
}

/**
 * What a form posted without script came to (the sign-in, registration and password forms):
 * the server did what the app would have asked of its API and renders the page again with this,
 * which the page reads as its route's action data and shows.
 */
export interface FormOutcome {
  /** `refused`: the message says why, as the API's error did; `done`: what happened. */
  kind: 'refused' | 'done';
  message: string;
  /** Fields to fill the form with again: what the reader typed, never a password. */
  values: Record<string, string>;
}

export interface PageRequest {
  /** Path and query, e.g. /allpublishedarticles?tags=sports. */
  url: string;
  /** The site's public address, for canonical links and Open Graph (no trailing slash). */
  publicUrl: string;
  assets: PageAssets;
  data: PageData;
  /** The outcome of the form posted to this page, when it was. */
  form?: FormOutcome;
}

export interface RenderedPage {
  status: number;
  html: string;
  /** Where a redirect (3xx) sends the reader; the HTML is empty then. */
  location?: string;
}

/** The page an address asks for, as the web app's router matches it (ssr/pageMatch.ts). */
export interface PageMatch {
  /** The matched route's id ('search', 'article', 'not-found', …). */
  id: string;
  /** The path as the route table spells it: `/search` for `/Search/`, `/articles/5`. */
  path: string;
  /** The route's parameters (`id` of an article). */
  params: Record<string, string | undefined>;
  /** The query the page reads ("?q=x", or ""), the rest of what came dropped. */
  search: string;
}

/** What the server entry exports. */
export interface PageRenderer {
  renderPage(request: PageRequest): Promise<RenderedPage>;
  /** The page `url` (path and query) asks for; nothing is read or rendered. */
  matchPage(url: string): PageMatch;
}
