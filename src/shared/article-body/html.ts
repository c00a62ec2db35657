import { isImageAddress } from './addresses.js';
import { headingIds } from './headings.js';
import type { BodyRenderOptions } from './rendering.js';
import { bodyImageSizes, hasMark, inlineRuns, isShown, linkRel } from './rendering.js';
import type { ArticleBody, BodyBlock, BodyHeading, BodyImage, BodyText } from './schema.js';

/*
 * The body as an HTML string, for the server's feeds (RSS `content:encoded`) and mail, which
 * cannot run the web app's React components (the server is compiled without JSX). It writes
 * exactly what renderToStaticMarkup makes of those components (BodyBlocks.tsx), byte for byte,
 * which BodyHtml.test.tsx checks; a change to one is a change to both. Every text and attribute
 * value goes through `escapeHtml`, the escaping React does.
 */

export interface BodyHtmlOptions extends BodyRenderOptions {
  /** The site's address: site-relative image addresses (`/uploads/…`) are made absolute with
   * it, as a feed reader or a mail program has no page to resolve them against. */
  baseUrl?: string;
}

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

/** Text or an attribute value as React writes it. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => entities[char]!);
}

interface Context extends BodyHtmlOptions {
  ids: Map<BodyHeading, string>;
}

export function renderBodyHtml(body: ArticleBody, options: BodyHtmlOptions): string {
  return blocksHtml(body.content, { ...options, ids: headingIds(body) });
}

function blocksHtml(blocks: BodyBlock[], context: Context): string {
  return blocks
    .filter(isShown)
    .map((block) => blockHtml(block, context))
    .join('');
}

function blockHtml(block: BodyBlock, context: Context): string {
  switch (block.type) {
    case 'paragraph':
      return `<p>${inlineHtml(block.content, context)}</p>`;
    case 'heading': {
      const tag = block.attrs.level === 2 ? 'h2' : 'h3';
      const id = context.ids.get(block);
      return `<${tag}${attributes({ id })}>${inlineHtml(block.content, context)}</${tag}>`;
    }
    case 'blockquote':
      return `<blockquote>${blocksHtml(block.content, context)}</blockquote>`;
    case 'bulletList':
    case 'orderedList': {
      const tag = block.type === 'bulletList' ? 'ul' : 'ol';
      const items = block.content.map((item) => `<li>${blocksHtml(item.content, context)}</li>`);
      return `<${tag}>${items.join('')}</${tag}>`;
    }
    case 'image':
      return figureHtml(block, context);
    case 'horizontalRule':
      return '<hr/>';
  }
}

/** As ArticleImage draws a lazily loaded picture. */
function figureHtml(image: BodyImage, context: Context): string {
  const { src, alt, caption, credit } = image.attrs;
  if (!isImageAddress(src)) return '';
  const size = context.imageSize?.(src) ?? null;
  const srcset = size?.srcset ?? null;
  const img = `<img${attributes({
    src: absolute(src, context.baseUrl),
    alt,
    width: size?.width,
    height: size?.height,
    srcSet: srcset === null ? undefined : absoluteSrcset(srcset, context.baseUrl),
    sizes: srcset ? bodyImageSizes : undefined,
    loading: 'lazy',
    fetchPriority: 'auto',
    decoding: 'async',
    draggable: 'false',
  })}/>`;
  const parts = [
    caption ? escapeHtml(caption) : '',
    caption && credit ? ' ' : '',
    credit ? `<small>Credit: ${escapeHtml(credit)}</small>` : '',
  ].join('');
  return `<figure>${img}${parts ? `<figcaption>${parts}</figcaption>` : ''}</figure>`;
}

function inlineHtml(content: BodyText[] | undefined, context: Context): string {
  return inlineRuns(content)
    .map((run) => {
      const nodes = run.nodes.map(textHtml).join('');
      if (run.href === null) return nodes;
      return `<a${attributes({ href: run.href, rel: linkRel(context.authorIsAdmin) })}>${nodes}</a>`;
    })
    .join('');
}

function textHtml(node: BodyText): string {
  let html = node.text.split('\n').map(escapeHtml).join('<br/>');
  if (hasMark(node, 'italic')) html = `<em>${html}</em>`;
  if (hasMark(node, 'bold')) html = `<strong>${html}</strong>`;
  return html;
}

/** ` name="value"` for each attribute with a value, in the order given (React's). */
function attributes(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
    .join('');
}

function absolute(src: string, baseUrl: string | undefined): string {
  return baseUrl && src.startsWith('/') ? new URL(src, baseUrl).href : src;
}

function absoluteSrcset(srcset: string, baseUrl: string | undefined): string {
  if (!baseUrl) return srcset;
  return srcset
    .split(', ')
    .map((candidate) => {
      const [url = '', ...descriptor] = candidate.split(' ');
      return [absolute(url, baseUrl), ...descriptor].join(' ');
    })
    .join(', ');
}
