import { hasControlCharacter } from './characters.js';
import { bodyLimits } from './limits.js';

/*
 * The addresses a body may hold. The schema refuses any other, and the renderers check again
 * (a stored body from before a rule changed must not become a script either).
 */

const linkSchemes = /^(?:https?:\/\/|mailto:)/i;

/** White space (tabs and line breaks included) or a control character anywhere: browsers
 * drop some of them inside a scheme (`java\tscript:`), so an address holding one is never a
 * link. */
function hasSpaceOrControl(address: string): boolean {
  return /\s/.test(address) || hasControlCharacter(address);
}

/**
 * Whether `href` may be a link: http(s) with a host, or mailto with an address; nothing else
 * (`javascript:`, `data:`, relative addresses), no white space, at most 2,048 characters long.
 */
export function isSafeLink(href: string): boolean {
  if (href.length > bodyLimits.urlChars || hasSpaceOrControl(href) || !linkSchemes.test(href))
    return false;
  if (/^mailto:/i.test(href)) return href.length > 'mailto:'.length;
  if (!URL.canParse(href)) return false;
  const url = new URL(href);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/**
 * Whether `src` has the shape of an address our image stores answer: a path on this site
 * (`/uploads/…`, never `//host/…`) or an http(s) URL. Which of those are really ours only the
 * server knows (its store's `owns`), and the schema asks it (createArticleBodySchema).
 */
export function isImageAddress(src: string): boolean {
  if (src.length > bodyLimits.urlChars || hasSpaceOrControl(src) || src.includes('\\'))
    return false;
  if (src.startsWith('/')) return !src.startsWith('//');
  if (!/^https?:\/\//i.test(src) || !URL.canParse(src)) return false;
  return new URL(src).hostname !== '';
}
