/** Who reads what: the same answer on the server (which enforces it) and in the web app. */
export interface Reader {
  isAdmin: boolean;
  /** Premium access runs now (see isPremiumAt). */
  isPremium: boolean;
}

/** Premium text goes to premium readers and admins; an article's author is checked per article. */
export function mayReadPremium(reader: Reader | null): boolean {
  return reader !== null && (reader.isAdmin || reader.isPremium);
}

/**
 * Whether `reader` may read the article's whole text: anyone a free article; a premium one
 * premium readers, admins and its own author (`isAuthor`, which each side checks by what it
 * knows: the server by id, the web app by email).
 */
export function mayReadFullText(
  article: { isPremium: boolean },
  reader: Reader | null,
  isAuthor: boolean,
): boolean {
  return !article.isPremium || mayReadPremium(reader) || isAuthor;
}
