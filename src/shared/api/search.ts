import { z } from 'zod';
import { articleSchema } from '../articles.js';

/**
 * A piece of a title or passage: the text as it is, and whether it matched a searched word. The
 * browser shows marked pieces in <mark>; no piece is ever HTML.
 */
export const textPieceSchema = z.object({ text: z.string(), mark: z.boolean() });
export type TextPiece = z.infer<typeof textPieceSchema>;

export const searchResultSchema = z.object({
  /** The article as lists carry it (its excerpt, never a premium article's whole text). */
  article: articleSchema,
  /** The title, its matching words marked. */
  title: z.array(textPieceSchema),
  /**
   * The passage that matched best, its words marked: from the whole text where the caller may
   * read it, else from the premium excerpt every reader may see.
   */
  passage: z.array(textPieceSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchFacetsSchema = z.object({
  /** The publishers of the matching articles, the most frequent first (at most ten). */
  publishers: z.array(z.object({ name: z.string(), count: z.number().int() })),
  /** Their tags, the most frequent first. */
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

export const searchAnswerSchema = z.object({
  results: z.array(searchResultSchema),
  /**
   * The matching articles ranked, counted in the facets and paged (also in the X-Total-Count
   * header): all of them, or the newest `searchLimits.ranked` when `more` is true.
   */
  total: z.number().int(),
  /** More articles match than the newest `searchLimits.ranked`, which alone are ranked. */
  more: z.boolean(),
  facets: searchFacetsSchema,
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
