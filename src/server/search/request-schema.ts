import { z } from 'zod';
import { searchLimits, searchMessages } from '#shared/search';
import { articleLimits } from '#shared/articles';
import { flag, maxPageSize, optionalText, tagsParam } from '../articles/request-schemas.js';
import { searchTerms } from './terms.js';

/** GET /api/search's query; `q` comes out as its terms (terms.ts), refused when it has none. */
export const searchQuery = z.object({
  q: z
    .string({ error: searchMessages.noWords })
    .max(searchLimits.queryMax, searchMessages.tooLong)
    .describe(
      'Words to find in titles and texts, all required; "quoted words" as a phrase. English ' +
        'stems match ("elections" finds "election").',
    )
    .transform((q, context) => {
      const terms = searchTerms(q);
      if (terms.length === 0) context.addIssue({ code: 'custom', message: searchMessages.noWords });
      if (terms.length > searchLimits.termsMax) {
        context.addIssue({ code: 'custom', message: searchMessages.tooManyTerms });
      }
      return terms;
    }),
  publisher: optionalText(articleLimits.publisherMax, "A publisher's whole name, in any case"),
  // Sorted, so the same tags in any order are one kept answer.
  tags: tagsParam('Comma-separated tags: articles with every one of them').transform((list) =>
    list?.sort(),
  ),
  premium: flag.optional().describe('Premium articles only (true) or free ones only (false)'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .describe(`Page size; more than ${maxPageSize} counts as ${maxPageSize}`)
    .default(searchLimits.pageSize)
    .transform((value) => Math.min(value, maxPageSize)),
  page: z.coerce.number().int().min(1).max(10_000).describe('1-based').default(1),
});
