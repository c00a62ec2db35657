import { tags } from '../src/shared/tags.js';
import { newVisitorCookie } from '../src/server/meter/visitor-cookie.js';
import { publisherNames, searchWords, titleWords } from './corpus.js';
import type { FillResult } from './fill.js';
import type { RunningServer } from './server.js';

/** Which budget a scenario's latency is held to (docs/PERFORMANCE.md, The budgets). */
export type LatencyBudget = 'list' | 'detail' | 'page' | 'search';

export interface BenchRequest {
  method: 'GET' | 'PATCH' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Scenario {
  key: string;
  label: string;
  budget?: LatencyBudget;
  /** Send a fixed number of requests rather than load for a fixed time, so that every request
   * sent is also answered and counted (the view check compares the two). */
  fixedAmount?: true;
  /** The arrival rate its budget holds at (docs/PERFORMANCE.md), when below the run's (`--rate`). */
  budgetRate?: number;
  /** Its own share of the bare route's throughput to reach, instead of its budget kind's. */
  ofBareBudget?: number;
  /**
   * Another scenario's requests arriving at the run's rate (`--rate`) all through this one's
   * measurements: its latency budget must hold while that traffic goes on. A scenario measured
   * so is held to no ratio of the bare route, which is measured without it.
   */
  alongside?: Scenario;
  /** Called for every request, so ids and search words vary as they do with real readers. */
  next(): BenchRequest;
}

export interface ScenarioContext {
  /** Approved, free articles: what a guest can open. */
  openIds: readonly number[];
  /** Approved premium articles: what the reading meter opens for a guest. */
  premiumIds: readonly number[];
  /** Signs a guest's visitor cookie as the server does (its secret), for the metered readers. */
  visitorCookie(): string;
  /** The built app's main script, e.g. /assets/index-abc123.js. */
  mainScript: string;
}

/** What the scenarios need of the filled database, the running server and the build. */
export function scenarioContext(
  fill: FillResult,
  server: RunningServer,
  mainScript: string,
): ScenarioContext {
  return {
    openIds: fill.openIds,
    premiumIds: fill.premiumIds,
    // The cookie as a browser sends it back: its name and value, without the attributes.
    visitorCookie: () => newVisitorCookie(server.secret, false).header.split(';')[0]!,
    mainScript,
  };
}

/** Whole publishers' names, and each word of them but "The" in lower case. */
const publisherSearches = [
  ...publisherNames,
  ...publisherNames.flatMap((name) => name.split(' ').slice(1)).map((word) => word.toLowerCase()),
];

/**
 * The guests the metered scenario's requests come from: a month's readers of a site that
 * serves the benchmark's 100,000 articles. Each opens a few premium articles in a run, so the
 * run holds both kinds of answer: the meter opening an article, and the wall.
 */
const meteredVisitors = 50_000;

/** A reader's browser, as the beacon's requests name it (a crawler's events are not counted). */
const beaconBrowser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** The All Articles page's page size (src/web/pages/all-published-articles). */
const pageSize = 12;

/**
 * What a browser sends with the web app's API calls (src/web/lib/api/client.ts) and page loads:
 * it accepts compressed answers, so the server's compression is part of what is measured.
 */
const apiHeaders = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
const pageHeaders = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };
const assetHeaders = { accept: '*/*', 'accept-encoding': 'gzip, deflate, br' };

/**
 * The requests the web app makes, with the query strings it builds (src/web/lib/api/articles.ts
 * writes isApproved, the search fields, page, limit in that order).
 */
export function scenarios(context: ScenarioContext): Scenario[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
  const visitors = Array.from({ length: meteredVisitors }, (_, n) => ({
    cookie: context.visitorCookie(),
    address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  }));
  const list = (query: string): BenchRequest => ({
    method: 'GET',
    path: `/api/articles?isApproved=true${query}&page=1&limit=${pageSize}`,
    headers: apiHeaders,
  });
  const get = (path: string, headers: Record<string, string> = apiHeaders): BenchRequest => ({
    method: 'GET',
    path,
    headers,
  });
  const articlePage = () => get(`/articles/${pick(context.openIds)}`, pageHeaders);
  // The page beacon's events (src/web/analytics): what navigator.sendBeacon posts, a page
  // view of a random article with a search engine's referrer, from many readers' browsers
  // (each address has its own budget of events a minute).
  const events: Scenario = {
    key: 'events',
    label: 'analytics events (page beacon)',
    budget: 'list',
    ofBareBudget: 0.5,
    next: () => {
      const n = Math.floor(Math.random() * 65_536);
      return {
        method: 'POST',
        path: '/api/events',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'user-agent': beaconBrowser,
          'x-forwarded-for': `10.200.${n >> 8}.${n & 255}`,
        },
        body: JSON.stringify({
          type: 'pageview',
          path: `/articles/${pick(context.openIds)}`,
          referrer: 'https://www.google.com/',
        }),
      };
    },
  };

  return [
    {
      key: 'bare',
      label: 'bare JSON route (ceiling)',
      next: () => get('/api/health/live'),
    },
    {
      key: 'trending',
      label: 'trending (home page)',
      budget: 'list',
      next: () => get('/api/articles?isApproved=true&sortBy=viewCount&limit=6'),
    },
    {
      key: 'page1',
      label: 'approved articles, page 1',
      budget: 'list',
      next: () => get(`/api/articles?isApproved=true&page=1&limit=${pageSize}`),
    },
    {
      key: 'page500',
      label: 'approved articles, page 500',
      budget: 'list',
      next: () => get(`/api/articles?isApproved=true&page=500&limit=${pageSize}`),
    },
    {
      key: 'title',
      label: 'title search (one word)',
      budget: 'list',
      next: () => list(`&title=${encodeURIComponent(pick(titleWords))}`),
    },
    {
      key: 'publisher',
      label: 'publisher search',
      budget: 'list',
      // What readers type: a whole name, or a part of one in any case ("courier").
      next: () => list(`&publisher=${encodeURIComponent(pick(publisherSearches))}`),
    },
    {
      key: 'tags',
      label: 'tags search (one or two tags)',
      budget: 'list',
      next: () => {
        const chosen = Math.random() < 0.5 ? [pick(tags)] : [pick(tags), pick(tags)];
        return list(`&tags=${[...new Set(chosen)].join(',')}`);
      },
    },
    {
      key: 'search',
      label: 'site search (one or two words, with facets)',
      budget: 'search',
      // This two-core machine's rate: 500 a second would need more cores than it has
      // (docs/PERFORMANCE.md, Site search).
      budgetRate: 150,
      next: () => {
        const words =
          Math.random() < 0.5 ? [pick(searchWords)] : [pick(searchWords), pick(searchWords)];
        // Many readers, each well within the budget of searches per address (rateLimits).
        const reader = `10.0.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
        return get(`/api/search?q=${encodeURIComponent(words.join(' '))}&limit=10`, {
          ...apiHeaders,
          'x-forwarded-for': reader,
        });
      },
    },
    {
      key: 'detail',
      label: 'article detail (random ids)',
      budget: 'detail',
      next: () => get(`/api/articledetail/${pick(context.openIds)}`),
    },
    {
      key: 'views',
      label: 'view increments (random ids)',
      fixedAmount: true,
      next: () => ({
        method: 'PATCH',
        path: `/api/articledetail/${pick(context.openIds)}`,
        headers: { ...apiHeaders, 'content-type': 'application/json' },
        body: '{}',
      }),
    },
    // A guest's HTML pages, rendered by the server (src/server/pages): the home page is one
    // address, kept and shared; articles are opened at random, so most are rendered anew.
    {
      key: 'home',
      label: 'home page (guest HTML)',
      budget: 'page',
      next: () => get('/', pageHeaders),
    },
    {
      key: 'article',
      label: 'article page (guest HTML, random ids)',
      budget: 'page',
      next: articlePage,
    },
    // A guest's premium article under the reading meter (decision 023): each request one of a
    // month's guests, with their visitor cookie and address, opening a premium article at
    // random. Their first two are theirs alone (rendered for them, counted), the rest the
    // stored page with the wall; every one costs the meter's count.
    {
      key: 'metered',
      label: 'premium article page (guest HTML, metered, random visitors)',
      budget: 'page',
      ofBareBudget: 0.4,
      next: () => {
        const visitor = pick(visitors);
        return get(`/articles/${pick(context.premiumIds)}`, {
          ...pageHeaders,
          cookie: visitor.cookie,
          'x-forwarded-for': visitor.address,
        });
      },
    },
    events,
    // A reader's page while the beacon's events arrive at the run's rate (1,000 a second): the
    // page's latency budget holds with them.
    {
      key: 'article-events',
      label: 'article page (guest HTML), page-beacon events arriving alongside',
      budget: 'page',
      alongside: events,
      next: articlePage,
    },
    { key: 'script', label: 'main JS asset', next: () => get(context.mainScript, assetHeaders) },
  ];
}
