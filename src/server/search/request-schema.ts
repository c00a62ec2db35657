import { searchQuerySchema } from '#shared/api/search-query';
import { searchLimits, searchMessages } from '#shared/search';
import { searchTerms } from './terms.js';

/** GET /api/search's query; `q` comes out as its terms (terms.ts), refused when it has none. */
export const searchQuery = searchQuerySchema.extend({
  q: searchQuerySchema.shape.q.transform((q, context) => {
    const terms = searchTerms(q);
    if (terms.length === 0) context.addIssue({ code: 'custom', message: searchMessages.noWords });
    if (terms.length > searchLimits.termsMax) {
      context.addIssue({ code: 'custom', message: searchMessages.tooManyTerms });
    }
    return terms;
  }),
});
