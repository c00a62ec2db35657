import { z } from 'zod';
import { fieldMessage } from '../api-error.js';
import { isImageAddress, isSafeLink } from './addresses.js';
import { hasControlCharacter } from './characters.js';
import { bodyLimits, bodySizeRefusal } from './limits.js';
import { articleBodyMessages as messages } from './messages.js';
import { bodyPlainText } from './plain-text.js';

/*
 * An article's body: a ProseMirror document (its JSON, as `Node.toJSON()` writes it: `attrs`
 * and `content` left out when empty) of these nodes and marks only. See
 * docs/decisions/015-article-body-document.md.
 */

export type BodyMark =
  { type: 'bold' } | { type: 'italic' } | { type: 'link'; attrs: { href: string } };

/** Text: never empty, no control characters but tabs and line breaks (a line break in a
 * paragraph is shown as one; a blank line is refused, as it would start a new paragraph). */
export interface BodyText {
  type: 'text';
  text: string;
  marks?: BodyMark[];
}

/** A paragraph may be empty (an editor leaves them); an empty one shows nothing. */
export interface BodyParagraph {
  type: 'paragraph';
  content?: BodyText[];
}

export interface BodyHeading {
  type: 'heading';
  attrs: { level: 2 | 3 };
  content?: BodyText[];
}

export interface BodyBlockquote {
  type: 'blockquote';
  content: BodyBlock[];
}

/** As in ProseMirror's list schema: a paragraph first, then any blocks (a nested list, say). */
export interface BodyListItem {
  type: 'listItem';
  content: BodyBlock[];
}

export interface BodyBulletList {
  type: 'bulletList';
  content: BodyListItem[];
}

export interface BodyOrderedList {
  type: 'orderedList';
  content: BodyListItem[];
}

export interface BodyImage {
  type: 'image';
  /** `src` is an address of our image store; `caption` and `credit` are shown under it. */
  attrs: { src: string; alt: string; caption?: string | null; credit?: string | null };
}

export interface BodyHorizontalRule {
  type: 'horizontalRule';
}

export type BodyBlock =
  | BodyParagraph
  | BodyHeading
  | BodyBlockquote
  | BodyBulletList
  | BodyOrderedList
  | BodyImage
  | BodyHorizontalRule;

export interface ArticleBody {
  type: 'doc';
  content: BodyBlock[];
}

export interface ArticleBodySchemaOptions {
  /**
   * Whether `src` is an image our store holds. The server passes its store's `owns` (local
   * `/uploads/<hash>.webp`, or its S3 or imgbb addresses, which only the running configuration
   * knows); without it, any address of that shape passes (the web app's own checks).
   */
  isStoredImage?: (src: string) => boolean;
}

/** What plain text reads as a paragraph break (plain-text.ts). */
const blankLine = /\n\s*\n/;

/** A string of the body: no control characters, at most `max` characters. */
function bodyString(max: number, tooLong: string) {
  return z
    .string()
    .max(max, tooLong)
    .refine((value) => !hasControlCharacter(value), messages.controlCharacter);
}

/**
 * An object with exactly these keys; an unknown one is named (`what`: field, attribute), and
 * `notObject` says what else came.
 */
function exactly<Shape extends z.ZodRawShape>(shape: Shape, what: string, notObject?: string) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? messages.unknownKey(what, issue.keys)
        : issue.code === 'invalid_type'
          ? notObject
          : undefined,
  });
}

/** For the checks of the whole document: they mean nothing once a part of it is wrong. */
const whenWellFormed = { when: (payload: { issues: unknown[] }) => payload.issues.length === 0 };

const text = exactly(
  {
    type: z.literal('text'),
    text: z
      .string()
      .min(1, messages.textEmpty)
      .refine((value) => !hasControlCharacter(value), messages.controlCharacter),
    marks: z
      .array(
        z.discriminatedUnion(
          'type',
          [
            exactly({ type: z.literal('bold') }, 'field'),
            exactly({ type: z.literal('italic') }, 'field'),
            exactly(
              {
                type: z.literal('link'),
                attrs: exactly(
                  { href: z.string().refine((href) => isSafeLink(href), messages.link) },
                  'attribute',
                ),
              },
              'field',
            ),
          ],
          { error: messages.mark },
        ),
      )
      .refine((marks) => new Set(marks.map((mark) => mark.type)).size === marks.length, {
        message: messages.markTwice,
      })
      .optional(),
  },
  'field',
);

const inlineContent = z
  .array(z.discriminatedUnion('type', [text], { error: messages.inline }))
  .optional();

/** A textblock's text may hold line breaks but no blank line (which would split it in two). */
function noBlankLine(block: { content?: BodyText[] }, ctx: z.RefinementCtx) {
  const joined = (block.content ?? []).map((node) => node.text).join('');
  if (blankLine.test(joined)) ctx.addIssue({ code: 'custom', message: messages.blankLine });
}

const paragraph = exactly(
  { type: z.literal('paragraph'), content: inlineContent },
  'field',
).superRefine(noBlankLine);

const heading = exactly(
  {
    type: z.literal('heading'),
    attrs: exactly(
      { level: z.union([z.literal(2), z.literal(3)], { error: messages.headingLevel }) },
      'attribute',
    ),
    content: inlineContent,
  },
  'field',
).superRefine(noBlankLine);

const horizontalRule = exactly({ type: z.literal('horizontalRule') }, 'field');

function imageSchema(isStoredImage: (src: string) => boolean) {
  return exactly(
    {
      type: z.literal('image'),
      attrs: exactly(
        {
          src: z
            .string()
            .refine((src) => isImageAddress(src) && isStoredImage(src), messages.imageAddress),
          alt: bodyString(bodyLimits.alt, messages.alt),
          caption: bodyString(bodyLimits.caption, messages.caption).nullable().optional(),
          credit: bodyString(bodyLimits.credit, messages.credit).nullable().optional(),
        },
        'attribute',
      ),
    },
    'field',
  );
}

/**
 * The body's schema. Before it reads the document's structure it measures it (JSON size, blocks,
 * depth; limits.ts), so an input too large or nested too deep is refused without being walked;
 * after, it checks the whole: some text, and at most the description's length of it. Every
 * issue's path is the bad node's (`content.3.content.0.marks.0.attrs.href`):
 * `bodyIssueMessage` puts it before the message.
 */
export function createArticleBodySchema(
  options: ArticleBodySchemaOptions = {},
): z.ZodType<ArticleBody, unknown> {
  const isStoredImage = options.isStoredImage ?? (() => true);

  const blocks: z.ZodType<BodyBlock[]> = z.lazy(() => z.array(block).min(1, messages.noContent));
  const listItem = exactly({ type: z.literal('listItem'), content: blocks }, 'field').superRefine(
    (item, ctx) => {
      if (item.content[0]?.type !== 'paragraph') {
        ctx.addIssue({ code: 'custom', message: messages.listItemStart, path: ['content', 0] });
      }
    },
  );
  const listItems = z
    .array(z.discriminatedUnion('type', [listItem], { error: messages.listItem }))
    .min(1, messages.noContent);
  const block: z.ZodType<BodyBlock> = z.discriminatedUnion(
    'type',
    [
      paragraph,
      heading,
      exactly({ type: z.literal('blockquote'), content: blocks }, 'field'),
      exactly({ type: z.literal('bulletList'), content: listItems }, 'field'),
      exactly({ type: z.literal('orderedList'), content: listItems }, 'field'),
      imageSchema(isStoredImage),
      horizontalRule,
    ],
    { error: messages.block },
  );
  const doc = exactly(
    {
      type: z.literal('doc', { error: messages.notDocument }),
      content: z.array(block, { error: messages.notDocument }),
    },
    'field',
    messages.notDocument,
  );

  return z
    .unknown()
    .superRefine((input, ctx) => {
      const refusal = bodySizeRefusal(input);
      if (refusal) ctx.addIssue({ code: 'custom', message: messages[refusal] });
    })
    .pipe(doc)
    .refine((body) => bodyPlainText(body).length > 0, {
      message: messages.required,
      ...whenWellFormed,
    })
    .refine((body) => bodyPlainText(body).length <= bodyLimits.plainTextChars, {
      message: messages.tooLong,
      ...whenWellFormed,
    });
}

/**
 * The body as the web app checks and types it: every rule but which store an image is from,
 * which only the server knows (it uses createArticleBodySchema with its store).
 */
export const articleBodySchema = createArticleBodySchema();

/** An issue as the API answers it: `body.content.3.attrs.src: Images must be …`. */
export function bodyIssueMessage(issue: z.core.$ZodIssue, field = 'body'): string {
  return fieldMessage([field, ...issue.path], issue.message);
}

/**
 * A body in an answer. It is the server's own, read from a body checked when it was written, so
 * the answer's check looks at its shape alone: the whole check costs a quarter of a millisecond
 * for a long story, on every article detail and reading.
 */
export const answeredBodySchema = z.custom<ArticleBody>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'doc' &&
    Array.isArray((value as { content?: unknown }).content),
);
