import { escapeMarkup } from '#server/http/escape-markup';

/**
 * What XML 1.0 cannot carry, not even as a character reference: control characters other than
 * tab and line breaks, U+FFFE, U+FFFF and surrogates without their pair
 * (https://www.w3.org/TR/xml/#charsets). One of them makes the whole document unreadable to
 * every reader; names from Google sign-in, rows written before the API refused them and query
 * parameters can hold them.
 */
const notXmlCharacter = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text or an attribute's value as XML holds it: escaped, and without what XML cannot carry. */
export function xmlText(text: string): string {
  return escapeMarkup(text.replace(notXmlCharacter, ''));
}

/** `<name>text</name>`, the text as XML holds it (xmlText); nothing when the text is absent. */
export function element(name: string, text: string | undefined): string {
  return text === undefined ? '' : `<${name}>${xmlText(text)}</${name}>`;
}

/**
 * `<name>` holding plain text where RSS reads HTML (the `description` of an item or a channel):
 * escaped as HTML, then as XML, so that a feed reader shows the characters typed, never markup
 * in them. Our own rendered HTML would go there as it is, never an author's text.
 */
export function htmlTextElement(name: string, text: string): string {
  return element(name, escapeMarkup(text));
}

/** An absolute address for a path of ours; addresses that already are absolute stay as they are. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${publicUrl}/`).href;
}
