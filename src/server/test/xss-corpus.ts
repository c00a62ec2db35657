import type { HTMLElement } from 'node-html-parser';

/**
 * Text that becomes markup wherever it is written into HTML or XML unescaped, or escaped once
 * where a reader decodes it twice: scripts, handlers, frames, closing tags of the elements text
 * goes into, CDATA's end, and entities that decode to markup. Each is what an author could type
 * as a name, a title or an article's text, and must reach a reader as exactly these characters.
 */
export const xssCorpus = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">read more</a>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '</title><script>alert(1)</script>',
  '</script><script>alert(1)</script>',
  '</textarea><svg onload=alert(1)>',
  '<!--<img src=x onerror=alert(1)>-->',
  ']]><img src=x onerror=alert(1)>',
  '<![CDATA[<script>alert(1)</script>]]>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;img src=x onerror=alert(1)&#62;',
  '&#x3C;svg onload=alert(1)&#x3E;',
  '&amp;lt;iframe src=javascript:alert(1)&amp;gt;',
  '&lt;img src=x onerror=alert(1)>',
  'Fish & chips < 5 > 3 "quoted" \'single\'',
] as const;

/** The whole corpus as one text, for a field that takes several at once. */
export const xssText = xssCorpus.join(' ');

/** Every element under `root` with an attribute whose name starts with `on` (an event handler). */
export function withHandlers(root: HTMLElement): HTMLElement[] {
  return root
    .querySelectorAll('*')
    .filter((element) => Object.keys(element.attributes).some((name) => /^on/i.test(name)));
}
