import { blockPlainText } from './plain-text.js';
import type { ArticleBody, BodyBlock, BodyParagraph, BodyText } from './schema.js';

/** About how many words of a premium article anyone may read. */
export const freePartWords = 60;

export interface FreePart {
  /** What a reader who may not read the article is sent, and nothing more. */
  body: ArticleBody;
  /**
   * How it was cut: `blocks` when it is whole blocks of the article; `words` when the article's
   * text is a single paragraph (or one block holding one), which the free part shows only the
   * start of (see freePart).
   */
  cut: 'blocks' | 'words';
}

/** The words of a text: its runs of non-space characters. */
export function wordCount(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/** Whether a block is, or holds, a paragraph with text (headings and captions are not). */
function holdsParagraph(block: BodyBlock): boolean {
  switch (block.type) {
    case 'paragraph':
      return blockPlainText(block).length > 0;
    case 'blockquote':
      return block.content.some(holdsParagraph);
    case 'bulletList':
    case 'orderedList':
      return block.content.some((item) => item.content.some(holdsParagraph));
    default:
      return false;
  }
}

/**
 * A premium article's free part: its first whole top-level blocks while they stay within
 * `words` (about 60) words, and always up to its first paragraph, however long (an article
 * that opens with a heading, an image or a 100-word paragraph shows them). Blocks are never
 * skipped: it is the start of the article, and it stops at the first block that does not fit.
 *
 * It never holds all of the article's words, as the premium excerpt never held all of its
 * text: when those blocks would be the whole text, the last block with words is left out;
 * and when that would leave no paragraph (the text is one block), the free part is that
 * block's first paragraph cut to a third of its words (at most `words`), ending in "…", and
 * empty when a third is not one word.
 */
export function freePart(body: ArticleBody, words = freePartWords): FreePart {
  const counts = body.content.map((block) => wordCount(blockPlainText(block)));
  let taken = 0;
  let total = 0;
  let hasParagraph = false;
  for (const [index, block] of body.content.entries()) {
    if (hasParagraph && total + counts[index]! > words) break;
    taken++;
    total += counts[index]!;
    hasParagraph ||= holdsParagraph(block);
  }

  const withheld = counts.slice(taken).some((count) => count > 0);
  if (!withheld) {
    const lastWithWords = counts.findLastIndex((count) => count > 0);
    taken = Math.max(0, lastWithWords);
    hasParagraph = body.content.slice(0, taken).some(holdsParagraph);
  }
  if (hasParagraph)
    return { body: { type: 'doc', content: body.content.slice(0, taken) }, cut: 'blocks' };

  const first = body.content.findIndex(holdsParagraph);
  if (first < 0) return { body: { type: 'doc', content: [] }, cut: 'words' };
  const paragraph = firstParagraph(body.content[first]!)!;
  const keep = Math.min(words, Math.floor(wordCount(blockPlainText(paragraph)) / 3));
  const content =
    keep > 0
      ? [
          ...body.content.slice(0, first),
          { type: 'paragraph' as const, content: firstWords(paragraph, keep) },
        ]
      : body.content.slice(0, first);
  return { body: { type: 'doc', content }, cut: 'words' };
}

function firstParagraph(block: BodyBlock): BodyParagraph | undefined {
  switch (block.type) {
    case 'paragraph':
      return blockPlainText(block) ? block : undefined;
    case 'blockquote':
      return block.content.map(firstParagraph).find(Boolean);
    case 'bulletList':
    case 'orderedList':
      return block.content
        .flatMap((item) => item.content)
        .map(firstParagraph)
        .find(Boolean);
    default:
      return undefined;
  }
}

/**
 * The paragraph's text nodes up to its `count`th word, marks kept, the cut one ending in "…"
 * (after any punctuation the cut left at the end).
 */
function firstWords(paragraph: BodyParagraph, count: number): BodyText[] {
  const kept: BodyText[] = [];
  let left = count;
  // A word may run across text nodes (`<b>in</b>side`): it counts where it starts.
  let inWord = false;
  for (const node of paragraph.content ?? []) {
    let end = 0;
    const pattern = /\S+|\s+/g;
    for (let match = pattern.exec(node.text); match; match = pattern.exec(node.text)) {
      const isWord = /\S/.test(match[0]);
      if (isWord && !inWord) {
        if (left === 0) break;
        left--;
      }
      inWord = isWord;
      end = pattern.lastIndex;
    }
    const text = node.text.slice(0, end);
    if (text) kept.push({ ...node, text });
    if (end < node.text.length) break;
  }
  while (kept.length > 0) {
    const last = kept[kept.length - 1]!;
    const text = last.text.replace(/[\s.!?,;:–—-]+$/u, '');
    if (text) {
      kept[kept.length - 1] = { ...last, text: `${text}…` };
      break;
    }
    kept.pop();
  }
  return kept;
}
