/*
 * Characters no one types into a name, a title or an article, which XML 1.0 cannot carry (the
 * feeds and sitemaps are XML) or carries only as junk: control characters (U+0000–U+001F,
 * U+007F–U+009F), U+FFFE, U+FFFF and surrogates without their pair. Text of several lines keeps
 * its tabs and line breaks.
 */
const inLine = /[\p{Cc}\p{Cs}\uFFFE\uFFFF]/u;
const inLines = /(?![\t\n\r])[\p{Cc}\p{Cs}\uFFFE\uFFFF]/u;

/** A one-line text (a name, a title) has none of them, not even a tab or a line break. */
export const isPlainLine = (text: string): boolean => !inLine.test(text);

/** A text of several lines (an article's text) has none of them but tabs and line breaks. */
export const isPlainText = (text: string): boolean => !inLines.test(text);
