/** Who reads what: the same answer on the server (which enforces it) and in the web app. */
export interface Reader {
  isAdmin: boolean;
  /** Premium access runs now (see isPremiumAt). */
  isPremium: boolean;
}

/*
 * `isAuthor` below is whether the reader wrote the article, which each side checks by what it
 * knows: the server by id, the web app by email (the only part of the author an article carries).
 */

/** Premium text goes to premium readers and admins; an article's author is checked per article. */
export function mayReadPremium(reader: Reader | null): boolean {
  return reader !== null && (reader.isAdmin || reader.isPremium);
}

/**
 * Whether `reader` may read the article's whole text: anyone a free article; a premium one
 * premium readers, admins and its own author.
 */
export function mayReadFullText(
  article: { isPremium: boolean },
  reader: Reader | null,
  isAuthor: boolean,
): boolean {
  return !article.isPremium || mayReadPremium(reader) || isAuthor;
}

/**
 * The article's author and the admins: who see it while it is unpublished (pending or
 * declined), and who see its edits awaiting review and why one was declined.
 */
export function mayOversee(reader: Reader | null, isAuthor: boolean): boolean {
  return reader !== null && (reader.isAdmin || isAuthor);
}

/**
 * Whether the article exists for `reader` at all: a published one for everyone, an unpublished
 * one only for its author and the admins (anyone else is told there is no such article).
 */
export function maySeeArticle(
  article: { isApproved: boolean },
  reader: Reader | null,
  isAuthor: boolean,
): boolean {
  return article.isApproved || mayOversee(reader, isAuthor);
}

/** A signed-in reader whose premium plan runs now (admins read premium text without one). */
export function hasPremiumPlan(reader: Reader | null): boolean {
  return reader !== null && reader.isPremium;
}

/** Whom premium is offered to: a signed-in reader who may not read premium text yet. */
export function isOfferedPremium(reader: Reader | null): boolean {
  return reader !== null && !mayReadPremium(reader);
}
