/** Articles a user without premium may post (spec section 9), counting every post ever made. */
export const freePostLimit = 1;

/**
 * Whether the author may post another article: admins and premium users without limit, others
 * up to freePostLimit. The server checks it inside the post's own transaction
 * (src/server/articles/queries/create.ts); the web app uses it to say so before the form.
 */
export function mayPostAnother(author: {
  isAdmin: boolean;
  isPremium: boolean;
  publishedArticles: number;
}): boolean {
  return author.isAdmin || author.isPremium || author.publishedArticles < freePostLimit;
}
