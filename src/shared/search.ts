/*
 * Site search's limits and messages, without zod: the header's search box, in every page's
 * first script, needs these and nothing else (the query's schema is in api/search-query.ts,
 * the answer's in api/search.ts).
 */

/** Site search's limits and the words it answers a query it cannot run with. */
export const searchLimits = {
  /** Characters in a query. */
  queryMax: 200,
  /** Words and quoted phrases in a query: each is required. */
  termsMax: 8,
  /** Results per page on /search (the API takes any limit up to its list maximum). */
  pageSize: 10,
  /**
   * The newest matches a search ranks and counts: when more articles match, the older ones are
   * found by more words or a phrase (server/search/matches.ts says why).
   */
  ranked: 1_000,
} as const;

export const searchMessages = {
  noWords: 'Type a word to search for.',
  tooManyTerms: `Search for at most ${searchLimits.termsMax} words or phrases.`,
  tooLong: `A search may be at most ${searchLimits.queryMax} characters.`,
  tooMany: 'Too many searches from your address. Wait a minute and try again.',
  busy: 'Search is busy just now. Please try again in a moment.',
} as const;
