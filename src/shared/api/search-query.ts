import { z } from 'zod';
import { articleLimits } from '../articles.js';
import { searchLimits, searchMessages } from '../search.js';
import { flag, optionalText, pageQuery, tagsParam } from './query-params.js';

/** The last page of results a search takes. */
export const lastSearchPage = 10_000;

/**
 * GET /api/search's query, `q` as written: the server reads its terms from it (and refuses a
 * query without any) in src/server/search/request-schema.ts.
 */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: searchMessages.noWords })
    .max(searchLimits.queryMax, searchMessages.tooLong)
    .describe(
      'Words to find in titles and texts, all required; "quoted words" as a phrase. English ' +
        'stems match ("elections" finds "election").',
    ),
  publisher: optionalText(articleLimits.publisherMax, "A publisher's whole name, in any case"),
  // Sorted, so the same tags in any order are one kept answer.
  tags: tagsParam('Comma-separated tags: articles with every one of them').transform((list) =>
    list?.sort(),
  ),
  premium: flag.optional().describe('Premium articles only (true) or free ones only (false)'),
  ...pageQuery(searchLimits.pageSize, lastSearchPage).shape,
});

/**
 * What a search asks for, as the page's address and the API's query carry it: the words, and
 * any of the rest (the query string is query-string.ts's `queryString` of it).
 */
export type SearchParams = Pick<z.output<typeof searchQuerySchema>, 'q'> &
  Partial<Omit<z.output<typeof searchQuerySchema>, 'q'>>;
