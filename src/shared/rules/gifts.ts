/*
 * Gift links (decision 024): a premium reader (or an admin) gives a premium article to people
 * without an account. Each link opens the article's whole text for a few browsers for a month;
 * each reader gives a few links a calendar month (GIFTS_PER_MONTH), counted as the reading
 * meter counts months.
 */

/** How long a gift link opens its article. */
export const giftLifetimeDays = 30;
export const giftLifetimeMs = giftLifetimeDays * 24 * 60 * 60 * 1000;

/** How many browsers one gift link opens the article for; the next gets the guests' page. */
export const giftBrowserLimit = 25;

/** The gift links a page of a list holds unless asked for another size. */
export const giftPageSize = 10;

/** The query parameter of an article's address that carries a gift link's token. */
export const giftParam = 'gift';

/** Who may give a premium article: a reader whose premium runs now, or an admin. */
export function mayGiveGifts(reader: { isAdmin: boolean; isPremium: boolean } | null): boolean {
  return reader !== null && (reader.isAdmin || reader.isPremium);
}
