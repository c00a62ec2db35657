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
