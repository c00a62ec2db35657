import { allowedHref } from './linkHref';

/**
 * What pasted HTML becomes before the editor's schema reads it. The schema alone keeps only the
 * article's nodes and marks (an unknown element gives up its text, an unknown style is
 * ignored), so this handles what it would read wrongly:
 *
 * - elements whose text is not the article's (scripts, styles, frames, media, form controls,
 *   Word's `<o:p>` and the bullets it writes as text before each list item) go, text and all;
 * - Google Docs wraps a copy in `<b style="font-weight:normal" id="docs-internal-guid-…">`:
 *   unwrapped, though the Bold rule already refuses that weight;
 * - Word writes a list as paragraphs styled `mso-list:l0 level1 lfo1`: made into real lists
 *   again, numbered when Word's own marker was a number or a letter;
 * - `<h1>` becomes a level-2 heading and `<h4>` to `<h6>` level 3, the levels an article has;
 * - a line break (there is no hard-break node) splits its paragraph in two rather than joining
 *   the words on either side of it; table rows become paragraphs, cells apart;
 * - a link to anything but http, https or mailto loses its link and keeps its text;
 * - images: one from another page or document was not stored by our image pipeline and has no
 *   required alt text, so it goes with its caption; only a copy made in the editor itself
 *   (ProseMirror marks it `data-pm-slice`) keeps its figures, which the image rule reads.
 *
 * The HTML is parsed into an inert document (nothing in it loads or runs) and written out again.
 */
export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const body = doc.body;
  const fromEditor = body.querySelector('[data-pm-slice]') !== null;

  wordLists(body);
  for (const element of all(body, droppedElements)) element.remove();
  // By tag name: happy-dom, unlike browsers, gives Word's <o:p> the local name "p".
  for (const element of all(body, '*')) {
    if (element.tagName.toLowerCase() === 'o:p') element.remove();
  }
  for (const wrapper of all(body, 'b[id^="docs-internal-guid"]')) unwrap(wrapper);
  for (const heading of all(body, 'h1')) rename(heading, 'h2');
  for (const heading of all(body, 'h4, h5, h6')) rename(heading, 'h3');
  for (const link of all(body, 'a')) {
    const href = link.getAttribute('href');
    if (href === null || !allowedHref(href)) unwrap(link);
  }
  if (!fromEditor) {
    for (const image of all(body, 'img')) {
      image.closest('figure')?.querySelector('figcaption')?.remove();
      image.remove();
    }
  }
  for (const row of all(body, 'tr')) tableRow(row);
  for (const lineBreak of all(body, 'br')) splitAt(lineBreak);
  return body.innerHTML;
}

const droppedElements = [
  'script',
  'style',
  'link',
  'meta',
  'title',
  'template',
  'noscript',
  'iframe',
  'frame',
  'object',
  'embed',
  'svg',
  'math',
  'canvas',
  'video',
  'audio',
  'input',
  'select',
  'textarea',
  'button',
].join(', ');

function all(root: Element, selector: string): Element[] {
  return [...root.querySelectorAll(selector)];
}

function unwrap(element: Element) {
  element.replaceWith(...element.childNodes);
}

function rename(element: Element, tag: string) {
  const renamed = element.ownerDocument.createElement(tag);
  renamed.append(...element.childNodes);
  element.replaceWith(renamed);
}

/** The elements a line break may split in two: one paragraph becomes two. */
const splittable = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

function splitAt(lineBreak: Element) {
  const block = lineBreak.parentElement?.closest('p, div, h1, h2, h3, h4, h5, h6, li, td, th');
  if (!block || !splittable.has(block.localName)) return lineBreak.replaceWith(' ');
  // What follows the break, in copies of the elements it sits in up to the block: the
  // block's second half.
  let rest: Node | null = null;
  for (let node: Node = lineBreak; node !== block; node = node.parentNode!) {
    const copy = node.parentNode!.cloneNode(false) as Element;
    if (rest) copy.append(rest);
    while (node.nextSibling) copy.append(node.nextSibling);
    rest = copy;
  }
  lineBreak.remove();
  // A break at a block's end (browsers leave one there) splits nothing.
  if (rest?.textContent?.trim()) block.after(rest);
}

function tableRow(row: Element) {
  const paragraph = row.ownerDocument.createElement('p');
  for (const cell of all(row, 'td, th')) {
    if (paragraph.childNodes.length) paragraph.append(' ');
    paragraph.append(...cell.childNodes);
  }
  row.closest('table')?.before(paragraph);
  row.remove();
}

/**
 * Word's list paragraphs, runs of siblings styled `mso-list:… levelN`, into `<ul>`/`<ol>`
 * nested by level. Word writes the marker (a bullet, "1.", "a)") as text in a span styled
 * `mso-list:Ignore`; it decides the kind of list, then goes.
 */
function wordLists(body: HTMLElement) {
  const isItem = (node: Element | null) => node !== null && /mso-list:\s*l\d/i.test(styleOf(node));
  for (const first of all(body, 'p')) {
    if (!first.isConnected || !isItem(first) || isItem(first.previousElementSibling)) continue;
    const items: Element[] = [];
    for (let node: Element | null = first; isItem(node); node = node!.nextElementSibling) {
      items.push(node!);
    }
    const doc = body.ownerDocument;
    const stack: { level: number; list: Element }[] = [];
    let currentList: string | undefined;
    const root = doc.createElement('div');
    first.before(root);
    for (const item of items) {
      const level = Number(/level(\d+)/i.exec(styleOf(item))?.[1] ?? 1);
      const marker = all(item, 'span').find((span) => /mso-list:\s*ignore/i.test(styleOf(span)));
      const ordered = /^\s*(\d+|[a-z]+)[.)]/i.test(marker?.textContent ?? '');
      const kind = ordered ? 'ol' : 'ul';
      marker?.remove();
      // Another of Word's lists (l0, l1, …) right after this one starts afresh.
      const listId = /mso-list:\s*(l\d+)/i.exec(styleOf(item))![1];
      if (listId !== currentList) stack.length = 0;
      currentList = listId;
      while (stack.length && stack.at(-1)!.level > level) stack.pop();
      if (stack.at(-1)?.level === level && stack.at(-1)!.list.localName !== kind) stack.pop();
      if (!stack.length || stack.at(-1)!.level < level) {
        const list = doc.createElement(kind);
        const parent = stack.at(-1)?.list.lastElementChild ?? root;
        parent.append(list);
        stack.push({ level, list });
      }
      const listItem = doc.createElement('li');
      const paragraph = doc.createElement('p');
      paragraph.append(...item.childNodes);
      listItem.append(paragraph);
      stack.at(-1)!.list.append(listItem);
      item.remove();
    }
    unwrap(root);
  }
}

function styleOf(element: Element): string {
  return element.getAttribute('style') ?? '';
}
