import { inlineText } from './plain-text.js';
import type { ArticleBody, BodyBlock, BodyHeading } from './schema.js';

/** Ids the pages around a body already use (the layout's `main`, the app's `root`). */
export const pageElementIds = ['main', 'root'] as const;

const maxSlugChars = 60;

/**
 * A heading's text as an id for anchor links: lower case, accents dropped, every run of other
 * characters than letters and digits (of any script) one hyphen, at most 60 characters;
 * `section` for a heading with no letter or digit.
 */
export function slugOf(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+/, '')
    .slice(0, maxSlugChars)
    .replace(/-+$/, '');
  return slug || 'section';
}

/**
 * The id of every heading with text, in document order (headings in quotes and lists too): its
 * slug, or, when an earlier heading or the page took it, the slug with -2, -3, …. The same
 * document always gets the same ids. Both renderers read them from here.
 */
export function headingIds(
  body: ArticleBody,
  taken: Iterable<string> = pageElementIds,
): Map<BodyHeading, string> {
  const used = new Set(taken);
  const ids = new Map<BodyHeading, string>();
  const visit = (block: BodyBlock) => {
    if (block.type === 'heading') {
      const text = inlineText(block.content).trim();
      if (!text) return;
      const slug = slugOf(text);
      let id = slug;
      for (let n = 2; used.has(id); n++) id = `${slug}-${n}`;
      used.add(id);
      ids.set(block, id);
    } else if (
      block.type === 'blockquote' ||
      block.type === 'bulletList' ||
      block.type === 'orderedList'
    ) {
      for (const child of block.content) {
        if (child.type === 'listItem') child.content.forEach(visit);
        else visit(child);
      }
    }
  };
  body.content.forEach(visit);
  return ids;
}

/**
 * The text of every heading, one a line: search weighs it above the body's text (migration
 * 020), so a story whose subheading names a subject ranks above one that only mentions it.
 */
export function headingsText(body: ArticleBody): string {
  return [...headingIds(body).keys()]
    .map((heading) => inlineText(heading.content).trim())
    .join('\n');
}
