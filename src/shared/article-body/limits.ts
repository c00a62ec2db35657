/*
 * Imports nothing: the renderers read these limits, and the reading pages must not carry zod
 * (which articles.ts would bring).
 */

/**
 * How much one article body may hold. Blocks are counted at every depth (a list counts once, and
 * each of its items and their paragraphs once more), so nesting cannot hide work from the limit:
 * 500 is about ten times the paragraphs of the longest article today's 20,000 characters make.
 */
export const bodyLimits = {
  /** Block nodes of every kind and depth: all nodes but the doc and its text. */
  blocks: 500,
  /** The document as JSON, in UTF-8 bytes (100 KB). */
  jsonBytes: 100 * 1024,
  /** Blocks within blocks: a paragraph in a list in a list in a quote is 6 deep (quote, list,
   * item, list, item, paragraph). */
  depth: 20,
  /** The body's plain text, which the API answers as `description`, keeps today's limit
   * (articleLimits.descriptionMax). */
  plainTextChars: 20_000,
  /** Link addresses and image addresses. */
  urlChars: 2048,
  alt: 300,
  caption: 500,
  credit: 200,
} as const;

/** Why a document is refused before its structure is read, if it is. */
export type BodySizeRefusal = 'notDocument' | 'tooLarge' | 'tooManyBlocks' | 'tooDeep';

/**
 * Whether a document not yet checked is too large to check: more blocks (every object in a
 * `content` array but text) or deeper ones than allowed, or more JSON bytes. The blocks are
 * walked without recursion and the walk stops at a limit, so an input nested a hundred
 * thousand deep costs no stack; its JSON is measured only once it is known to be shallow.
 */
export function bodySizeRefusal(input: unknown): BodySizeRefusal | null {
  let blocks = 0;
  const pending: { node: unknown; depth: number }[] = [{ node: input, depth: 0 }];
  while (pending.length > 0) {
    const { node, depth } = pending.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    const content = (node as { content?: unknown }).content;
    if (!Array.isArray(content)) continue;
    for (const child of content as unknown[]) {
      const isText =
        typeof child === 'object' &&
        child !== null &&
        (child as { type?: unknown }).type === 'text';
      if (isText) continue;
      if (++blocks > bodyLimits.blocks) return 'tooManyBlocks';
      if (depth + 1 > bodyLimits.depth) return 'tooDeep';
      pending.push({ node: child, depth: depth + 1 });
    }
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(input);
  } catch {
    // Nested too deep elsewhere (in an attribute) for the stack, or not JSON at all.
    return 'notDocument';
  }
  if (json === undefined) return 'notDocument';
  return utf8Bytes(json) > bodyLimits.jsonBytes ? 'tooLarge' : null;
}

/** The UTF-8 length of a string, without encoding it. */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00 && i + 1 < text.length) {
      // A surrogate pair is one code point of four bytes.
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
