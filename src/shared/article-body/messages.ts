import { bodyLimits } from './limits.js';

/** What the body's checks say; a message goes after the path of the node it is about. */
export const articleBodyMessages = {
  /** The spec's words: the form names the body's field "Description". */
  required: 'Description is required',
  notDocument: 'Body must be a document: an object of type "doc" with its blocks in "content"',
  tooLong: `Body must be at most ${bodyLimits.plainTextChars} characters long`,
  tooManyBlocks: `Body must have at most ${bodyLimits.blocks} blocks`,
  tooLarge: `Body must be at most ${bodyLimits.jsonBytes / 1024} KB`,
  tooDeep: `Blocks may be nested at most ${bodyLimits.depth} deep`,
  block:
    'Must be a block: paragraph, heading, blockquote, bulletList, orderedList, image or horizontalRule',
  inline: 'Must be a text node: { "type": "text", "text": "…" }',
  listItem: 'Must be a listItem',
  listItemStart: 'A list item must start with a paragraph',
  mark: 'Must be a mark: bold, italic or link',
  markTwice: 'A text may carry each mark once',
  noContent: 'Must hold at least one node',
  headingLevel: 'Headings must be level 2 or 3',
  textEmpty: 'Text nodes must not be empty',
  controlCharacter: 'Must not hold control characters (only tabs and line breaks)',
  blankLine: 'A blank line starts a new paragraph: split the text into paragraphs instead',
  link: 'Links must start with http://, https:// or mailto:',
  imageAddress: 'Images must be ones uploaded to Tribune',
  alt: `Alternative text must be at most ${bodyLimits.alt} characters long`,
  caption: `Captions must be at most ${bodyLimits.caption} characters long`,
  credit: `Credits must be at most ${bodyLimits.credit} characters long`,
  unknownKey: (what: string, keys: string[]) =>
    `Unknown ${what}${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}`,
} as const;
