/** The eight fixed article tags (spec section 3). */
export const tags = [
  'politics',
  'business',
  'sports',
  'entertainment',
  'technology',
  'health',
  'environment',
  'education',
] as const;

export type Tag = (typeof tags)[number];

/**
 * A list of tags as a reader types it ("Sports, health"): each trimmed and lower-cased, empty
 * ones dropped, each once, in the order typed. The API's query schemas and the web app's pages
 * read a `tags` parameter with it.
 */
export function parseTagList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim().toLowerCase())
        .filter((tag) => tag.length > 0),
    ),
  ];
}
