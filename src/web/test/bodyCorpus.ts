import fc from 'fast-check';
import type {
  ArticleBody,
  BodyBlock,
  BodyListItem,
  BodyMark,
  BodyText,
} from '#shared/article-body/schema';

/*
 * Article bodies for the renderers' tests: hostile ones (what an author might try, and what
 * could slip past the schema into a stored body), and any number of random ones.
 */

const text = (value: string, marks?: BodyMark[]): BodyText =>
  marks ? { type: 'text', text: value, marks } : { type: 'text', text: value };
const p = (...content: BodyText[]): BodyBlock => ({ type: 'paragraph', content });
const link = (href: string): BodyMark => ({ type: 'link', attrs: { href } });
const image = (attrs: Partial<Extract<BodyBlock, { type: 'image' }>['attrs']>): BodyBlock => ({
  type: 'image',
  attrs: { src: '/uploads/0123456789abcdef0123456789abcdef.webp', alt: 'A picture', ...attrs },
});

/** Scripts and handlers an author might write, in every place a body holds text. */
export const hostileStrings = [
  '<script>alert(1)</script>',
  '</p><script>alert(1)</script><p>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "'><iframe src=javascript:alert(1)>",
  '<a href="javascript:alert(1)">click</a>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '{{constructor.constructor("alert(1)")()}}',
  '<!--<script>alert(1)</script>-->',
  '<style>body{background:url(javascript:alert(1))}</style>',
];

/** Link addresses that are no links, had they slipped past the schema. */
export const hostileHrefs = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0001javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'https://example.com/"onmouseover="alert(1)',
  "https://example.com/'onmouseover='alert(1)",
  'https://example.com/"><script>alert(1)</script>',
  '//evil.example/',
];

/** Image addresses that are no images of ours, had they slipped past the schema. */
export const hostileSources = [
  'javascript:alert(1)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  '//evil.example/a.png',
  '/uploads/a.webp" onerror="alert(1)',
  ' /uploads/a.webp',
];

export const hostileBodies: ArticleBody[] = [
  {
    type: 'doc',
    content: hostileStrings.flatMap((value): BodyBlock[] => [
      p(text(value)),
      p(text(value, [{ type: 'bold' }, { type: 'italic' }])),
      { type: 'heading', attrs: { level: 2 }, content: [text(value)] },
      { type: 'blockquote', content: [p(text(value))] },
      {
        type: 'bulletList',
        content: [{ type: 'listItem', content: [p(text(value, [link('https://example.com')]))] }],
      },
      image({ alt: value, caption: value, credit: value }),
    ]),
  },
  {
    type: 'doc',
    content: [
      ...hostileHrefs.map((href) => p(text('a link'), text(' here', [link(href)]))),
      ...hostileSources.map((src) => image({ src })),
    ],
  },
];

const safeHrefs = [
  'https://example.com/a?b=1&c="2"',
  'http://example.org',
  'mailto:desk@example.com',
];
const marks = fc
  .record({
    bold: fc.boolean(),
    italic: fc.boolean(),
    href: fc.option(fc.constantFrom(...safeHrefs, ...hostileHrefs)),
  })
  .map(({ bold, italic, href }) => {
    const list: BodyMark[] = [];
    if (href !== null) list.push(link(href));
    if (italic) list.push({ type: 'italic' });
    if (bold) list.push({ type: 'bold' });
    return list.length > 0 ? list : undefined;
  });
/** Text of the characters that matter to markup, line breaks included. */
const words = fc.stringMatching(/^[a-zA-Zé <>&"'\n=/]{1,30}$/);
const inline = fc.array(
  fc.record({ text: words, marks }).map(({ text: value, marks: list }) => text(value, list)),
  { maxLength: 5 },
);
const leaf: fc.Arbitrary<BodyBlock> = fc.oneof(
  inline.map((content): BodyBlock => ({ type: 'paragraph', content })),
  fc
    .record({ level: fc.constantFrom(2 as const, 3 as const), content: inline })
    .map(({ level, content }): BodyBlock => ({ type: 'heading', attrs: { level }, content })),
  fc
    .record({
      src: fc.constantFrom('/uploads/a.webp', 'https://i.ibb.co/x/b.webp', ...hostileSources),
      alt: words,
      caption: fc.option(words),
      credit: fc.option(words),
    })
    .map((attrs) => image(attrs)),
  fc.constant<BodyBlock>({ type: 'horizontalRule' }),
);
const { block } = fc.letrec<{ block: BodyBlock }>((tie) => ({
  block: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc
      .array(tie('block'), { minLength: 1, maxLength: 3 })
      .map((content): BodyBlock => ({ type: 'blockquote', content })),
    fc
      .record({
        ordered: fc.boolean(),
        items: fc.array(fc.tuple(inline, fc.array(tie('block'), { maxLength: 2 })), {
          minLength: 1,
          maxLength: 3,
        }),
      })
      .map(({ ordered, items }): BodyBlock => ({
        type: ordered ? 'orderedList' : 'bulletList',
        content: items.map(([first, rest]): BodyListItem => ({
          type: 'listItem',
          content: [{ type: 'paragraph', content: first }, ...rest],
        })),
      })),
  ),
}));

/** Any body of these nodes, hostile addresses and characters included. */
export const anyBody: fc.Arbitrary<ArticleBody> = fc
  .array(block, { maxLength: 8 })
  .map((content) => ({ type: 'doc', content }));
