import { withoutControlCharacters } from './characters.js';
import type { ArticleBody, BodyBlock, BodyParagraph, BodyText } from './schema.js';

/*
 * The body as plain text and back: what the API answers as `description`, what search, excerpts
 * and the spec's clients read, and how a write that sends only a description becomes a body.
 */

/** The text of a paragraph's or heading's inline nodes (marks dropped). */
export function inlineText(content: BodyText[] | undefined): string {
  return (content ?? []).map((node) => node.text).join('');
}

/**
 * A block's text as plain-text blocks: a paragraph or heading is one; a quote is its blocks; a
 * list is one block of lines, one for each paragraph of its items (nested lists included, no
 * markers); an image is its caption; a rule is nothing. Each is trimmed, and empty ones go.
 */
export function blockPlainTexts(block: BodyBlock): string[] {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return nonEmpty([inlineText(block.content)]);
    case 'blockquote':
      return block.content.flatMap(blockPlainTexts);
    case 'bulletList':
    case 'orderedList': {
      const lines = block.content.flatMap((item) => item.content.flatMap(blockPlainTexts));
      return nonEmpty([lines.join('\n')]);
    }
    case 'image':
      return nonEmpty([block.attrs.caption ?? '']);
    case 'horizontalRule':
      return [];
  }
}

/** A block's plain text (its plain-text blocks, a blank line between them). */
export function blockPlainText(block: BodyBlock): string {
  return blockPlainTexts(block).join('\n\n');
}

/**
 * The body as plain text: its blocks separated by a blank line. This is the `description` the
 * API keeps answering, so a client that knows only plain text reads the same paragraphs.
 */
export function bodyPlainText(body: ArticleBody): string {
  return body.content.flatMap(blockPlainTexts).join('\n\n');
}

function nonEmpty(texts: string[]): string[] {
  return texts.map((text) => text.trim()).filter((text) => text.length > 0);
}

/**
 * Plain text as a body, as the article page has always shown it: a blank line (with any white
 * space on it) starts a new paragraph; a single line break stays a line break inside its
 * paragraph (text may hold one; the renderers show it as `<br>`). Carriage returns become line
 * breaks and other control characters are dropped, which a body may not hold. Text with no
 * words gives a body without blocks, which the schema refuses as it refused an empty
 * description.
 */
export function plainTextToBody(text: string): ArticleBody {
  const paragraphs = withoutControlCharacters(text.replace(/\r\n?/g, '\n'))
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
  return {
    type: 'doc',
    content: paragraphs.map((paragraph): BodyParagraph => ({
      type: 'paragraph',
      content: [{ type: 'text', text: paragraph }],
    })),
  };
}
