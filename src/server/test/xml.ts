import { XMLValidator } from 'fast-xml-parser';
import { expect } from 'vitest';

/** A character outside XML 1.0's Char production (https://www.w3.org/TR/xml/#charsets). */
const notXmlCharacter = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/**
 * Fails unless `text` is a well-formed XML document: fast-xml-parser's validator, which looks at
 * the markup but not at the characters, and XML's set of characters, one of which outside it
 * makes a reader refuse the whole document.
 */
export function expectWellFormedXml(text: string, what = 'the document'): void {
  expect(XMLValidator.validate(text), what).toBe(true);
  const found = notXmlCharacter.exec(text);
  const shown =
    found && `U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  expect(shown && `${shown} at ${found.index}`, `${what}: a character XML cannot carry`).toBeNull();
}
