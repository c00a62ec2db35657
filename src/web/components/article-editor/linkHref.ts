/** The only kinds of address an article's link may lead to. */
const allowedProtocols = new Set(['http:', 'https:', 'mailto:']);

export const linkHrefMessage = 'A link must start with http://, https:// or mailto:';

/**
 * The address as the link will carry it, or null when it is not an absolute http, https or
 * mailto address. Parsed, not matched as text: "JavaScript:", "java\tscript:" and other
 * spellings a browser would still run are all refused, and relative paths too, as an article
 * is shown on other pages and in feeds where they would lead elsewhere.
 */
export function allowedHref(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed);
    if (!allowedProtocols.has(url.protocol)) return null;
    if (url.protocol !== 'mailto:' && !url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}
