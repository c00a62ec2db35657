import { isSafeLink } from './addresses.js';
import type { BodyBlock, BodyText } from './schema.js';

/*
 * What the two renderers of a body share (the web app's React components, and html.ts for feeds
 * and mail), so they make the same HTML: the tests hold them to it.
 */

/** The `rel` of links written by authors who are not admins: search engines give them no
 * weight, and the page they open cannot reach back to ours. */
export const authorLinkRel = 'nofollow ugc noopener';

export function linkRel(authorIsAdmin: boolean): string | undefined {
  return authorIsAdmin ? undefined : authorLinkRel;
}

/** A body image's size and its stored widths, as the server knows them (image_variant). */
export interface BodyImageSize {
  width: number;
  height: number;
  /** The stored widths as an HTML srcset (`url 400w, …`), or null while it has none. */
  srcset: string | null;
}

/** What the renderers need to know of the page: who wrote it, and its images' sizes. */
export interface BodyRenderOptions {
  /** Admins' links are followed; everyone else's carry `authorLinkRel`. */
  authorIsAdmin: boolean;
  /** The size of an image of the body, or null when it is not known (the image is shown
   * without width and height, and in its one stored width). */
  imageSize?: (src: string) => BodyImageSize | null;
}

/** How wide the article column shows a body image: at most 48rem, less the page's padding. */
export const bodyImageSizes =
  '(min-width: 51rem) 48rem, (min-width: 40rem) calc(100vw - 3rem), calc(100vw - 2rem)';

/** A paragraph or heading without text is shown as nothing. */
export function isShown(block: BodyBlock): boolean {
  return (
    (block.type !== 'paragraph' && block.type !== 'heading') || (block.content ?? []).length > 0
  );
}

/** Consecutive text nodes under the same link (one `<a>`), or under none (`href` null). A link
 * whose address is not safe is dropped, its text kept. */
export interface InlineRun {
  href: string | null;
  nodes: BodyText[];
}

export function inlineRuns(content: BodyText[] | undefined): InlineRun[] {
  const runs: InlineRun[] = [];
  for (const node of content ?? []) {
    const link = node.marks?.find((mark) => mark.type === 'link');
    const href = link && isSafeLink(link.attrs.href) ? link.attrs.href : null;
    const last = runs[runs.length - 1];
    if (last && last.href === href) last.nodes.push(node);
    else runs.push({ href, nodes: [node] });
  }
  return runs;
}

export function hasMark(node: BodyText, type: 'bold' | 'italic'): boolean {
  return node.marks?.some((mark) => mark.type === type) ?? false;
}
