import { describe, expect, it } from 'vitest';
import { articleLimits } from '../articles.js';
import { bodyLimits } from './limits.js';
import { articleBodyMessages as messages } from './messages.js';
import {
  articleBodySchema,
  bodyIssueMessage,
  createArticleBodySchema,
  type ArticleBody,
  type BodyBlock,
} from './schema.js';

const text = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, marks });
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const doc = (...content: unknown[]) => ({ type: 'doc', content });
const image = (attrs: Record<string, unknown>) => ({ type: 'image', attrs });
const link = (href: string) => ({ type: 'link', attrs: { href } });

/** The messages the body's schema answers for `input`, each after its path; [] when valid. */
function refusals(input: unknown, schema = articleBodySchema): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => bodyIssueMessage(issue));
}

/** A document of every node and mark, as ProseMirror's toJSON writes it. */
const everything: ArticleBody = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'The vote' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Councillors ' },
        { type: 'text', text: 'backed', marks: [{ type: 'bold' }, { type: 'italic' }] },
        {
          type: 'text',
          text: ' the plan',
          marks: [{ type: 'link', attrs: { href: 'https://example.com/a?b=c' } }],
        },
        { type: 'text', text: '.\nA second line\twith a tab.' },
      ],
    },
    { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Costs' }] },
    {
      type: 'blockquote',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Quoted.' }] }],
    },
    {
      type: 'bulletList',
      content: [
        {
          type: 'listItem',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'One' }] },
            {
              type: 'orderedList',
              content: [
                {
                  type: 'listItem',
                  content: [
                    {
                      type: 'paragraph',
                      content: [
                        {
                          type: 'text',
                          text: 'Nested',
                          marks: [{ type: 'link', attrs: { href: 'mailto:desk@example.com' } }],
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    {
      type: 'image',
      attrs: {
        src: '/uploads/0123456789abcdef0123456789abcdef.webp',
        alt: 'A bus',
        caption: 'The first bus',
        credit: 'Grace',
      },
    },
    {
      type: 'image',
      attrs: { src: 'https://cdn.example.com/x.webp', alt: '', caption: null, credit: null },
    },
    { type: 'horizontalRule' },
    { type: 'paragraph' },
  ],
};

describe('the article body schema', () => {
  it('accepts every node and mark of the format, and answers the document as it came', () => {
    expect(articleBodySchema.parse(everything)).toEqual(everything);
  });

  it.each([
    [{ ...everything, version: 1 }, 'body: Unknown field: version'],
    [
      doc(paragraph(text('a')), { type: 'codeBlock', content: [text('x')] }),
      `body.content.1.type: ${messages.block}`,
    ],
    [doc(text('loose')), `body.content.0.type: ${messages.block}`],
    [doc(paragraph({ type: 'hardBreak' })), `body.content.0.content.0.type: ${messages.inline}`],
    [
      doc(paragraph(text('a', [{ type: 'underline' }]))),
      `body.content.0.content.0.marks.0.type: ${messages.mark}`,
    ],
    [
      doc({ type: 'paragraph', attrs: { textAlign: 'left' }, content: [text('a')] }),
      'body.content.0: Unknown field: attrs',
    ],
    [
      doc({ type: 'heading', attrs: { level: 2, id: 'x' }, content: [text('a')] }),
      'body.content.0.attrs: Unknown attribute: id',
    ],
    [
      doc(
        paragraph(text('a', [{ type: 'link', attrs: { href: 'https://a.b', target: '_blank' } }])),
      ),
      'body.content.0.content.0.marks.0.attrs: Unknown attribute: target',
    ],
    [
      doc(image({ src: '/uploads/a.webp', alt: '', title: 't' }), paragraph(text('a'))),
      'body.content.0.attrs: Unknown attribute: title',
    ],
    [
      doc(paragraph(text('a', [{ type: 'bold', attrs: {} }]))),
      'body.content.0.content.0.marks.0: Unknown field: attrs',
    ],
  ])('refuses unknown nodes, marks, fields and attributes, naming where (%#)', (input, refusal) => {
    expect(refusals(input)).toEqual([refusal]);
  });

  it('names the path of a bad link deep in the document', () => {
    const body = doc(paragraph(text('a')), paragraph(text('b')), paragraph(text('c')), {
      type: 'blockquote',
      content: [paragraph(text('x', [{ type: 'bold' }, link('javascript:alert(1)')]))],
    });
    expect(refusals(body)).toEqual([
      `body.content.3.content.0.content.0.marks.1.attrs.href: ${messages.link}`,
    ]);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' https://example.com',
    'java\tscript:alert(1)',
    'https://exa mple.com',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    '/relative/path',
    '//evil.example/',
    'https://',
    'http:/example.com',
    'mailto:',
    'ftp://example.com/file',
  ])('refuses the link %j', (href) => {
    expect(refusals(doc(paragraph(text('a', [link(href)]))))).toEqual([
      `body.content.0.content.0.marks.0.attrs.href: ${messages.link}`,
    ]);
  });

  it('refuses a link longer than 2,048 characters', () => {
    const href = `https://example.com/${'a'.repeat(bodyLimits.urlChars)}`;
    expect(refusals(doc(paragraph(text('a', [link(href)]))))).toEqual([
      `body.content.0.content.0.marks.0.attrs.href: ${messages.link}`,
    ]);
  });

  it.each(['http://example.com', 'HTTPS://EXAMPLE.COM/path?q=1#x', 'mailto:desk@example.com'])(
    'accepts the link %j',
    (href) => {
      expect(refusals(doc(paragraph(text('a', [link(href)]))))).toEqual([]);
    },
  );

  it('takes only images of our store when the server says which they are', () => {
    const ours = '/uploads/0123456789abcdef0123456789abcdef.webp';
    const schema = createArticleBodySchema({ isStoredImage: (src) => src === ours });
    const withImage = (src: string) => doc(paragraph(text('a')), image({ src, alt: 'x' }));
    expect(refusals(withImage(ours), schema)).toEqual([]);
    for (const src of ['https://elsewhere.example/a.webp', '/uploads/other.webp']) {
      expect(refusals(withImage(src), schema)).toEqual([
        `body.content.1.attrs.src: ${messages.imageAddress}`,
      ]);
    }
    // Whatever the server says, addresses that are not an image's shape are refused.
    const anything = createArticleBodySchema({ isStoredImage: () => true });
    for (const src of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/a.png',
      '',
      'uploads/a.webp',
      '/uploads/a b.webp',
    ]) {
      expect(refusals(withImage(src), anything)).toEqual([
        `body.content.1.attrs.src: ${messages.imageAddress}`,
      ]);
    }
  });

  it('checks image texts: an alt text is required (it may be empty), and all are bounded', () => {
    const src = '/uploads/a.webp';
    expect(refusals(doc(paragraph(text('a')), image({ src })))).toEqual([
      'body.content.1.attrs.alt: Invalid input: expected string, received undefined',
    ]);
    expect(
      refusals(
        doc(
          paragraph(text('a')),
          image({
            src,
            alt: 'a'.repeat(bodyLimits.alt + 1),
            caption: 'c'.repeat(bodyLimits.caption + 1),
            credit: 'Bell\u0007',
          }),
        ),
      ),
    ).toEqual([
      `body.content.1.attrs.alt: ${messages.alt}`,
      `body.content.1.attrs.caption: ${messages.caption}`,
      `body.content.1.attrs.credit: ${messages.controlCharacter}`,
    ]);
  });

  it('takes headings of level 2 and 3 only', () => {
    for (const level of [1, 4, '2', null]) {
      expect(
        refusals(
          doc({ type: 'heading', attrs: { level }, content: [text('H')] }, paragraph(text('a'))),
        ),
      ).toEqual([`body.content.0.attrs.level: ${messages.headingLevel}`]);
    }
  });

  it('refuses empty text nodes and control characters, and keeps tabs and line breaks', () => {
    expect(refusals(doc(paragraph(text('a'), text(''))))).toEqual([
      `body.content.0.content.1.text: ${messages.textEmpty}`,
    ]);
    for (const character of ['\u0000', '\u0008', '\u000b', '\r', '\u001b', '\u007f']) {
      expect(refusals(doc(paragraph(text(`a${character}b`))))).toEqual([
        `body.content.0.content.0.text: ${messages.controlCharacter}`,
      ]);
    }
    expect(refusals(doc(paragraph(text('a\tb\nc'))))).toEqual([]);
  });

  it('refuses a blank line inside a paragraph, even across its text nodes', () => {
    expect(refusals(doc(paragraph(text('a\n'), text('  \nb', [{ type: 'bold' }]))))).toEqual([
      `body.content.0: ${messages.blankLine}`,
    ]);
  });

  it('refuses the same mark twice on one text', () => {
    expect(refusals(doc(paragraph(text('a', [{ type: 'bold' }, { type: 'bold' }]))))).toEqual([
      `body.content.0.content.0.marks: ${messages.markTwice}`,
    ]);
  });

  it('keeps ProseMirror’s structure: lists hold items that start with a paragraph, containers are not empty', () => {
    expect(
      refusals(doc(paragraph(text('a')), { type: 'bulletList', content: [paragraph(text('x'))] })),
    ).toEqual([`body.content.1.content.0.type: ${messages.listItem}`]);
    expect(
      refusals(
        doc(paragraph(text('a')), {
          type: 'orderedList',
          content: [{ type: 'listItem', content: [{ type: 'horizontalRule' }] }],
        }),
      ),
    ).toEqual([`body.content.1.content.0.content.0: ${messages.listItemStart}`]);
    expect(refusals(doc(paragraph(text('a')), { type: 'blockquote', content: [] }))).toEqual([
      `body.content.1.content: ${messages.noContent}`,
    ]);
    expect(refusals(doc(paragraph(text('a')), { type: 'bulletList' }))).toEqual([
      'body.content.1.content: Invalid input: expected array, received undefined',
    ]);
  });

  it('requires some text, as a description is required', () => {
    expect(refusals(doc())).toEqual([`body: ${messages.required}`]);
    expect(
      refusals(
        doc(paragraph(), { type: 'horizontalRule' }, image({ src: '/uploads/a.webp', alt: 'x' })),
      ),
    ).toEqual([`body: ${messages.required}`]);
    expect(
      refusals(doc(paragraph(text('  \n ')), { type: 'heading', attrs: { level: 2 } })),
    ).toEqual([`body: ${messages.required}`]);
    // An image's caption is text of the body (its plain text keeps it).
    expect(refusals(doc(image({ src: '/uploads/a.webp', alt: '', caption: 'A caption' })))).toEqual(
      [],
    );
  });

  it.each([
    undefined,
    null,
    'text',
    42,
    [],
    {},
    { type: 'paragraph', content: [] },
    { type: 'doc', content: 'x' },
  ])('says what a body is when it is not one (%j)', (input) => {
    const [refusal] = refusals(input);
    expect(refusal).toMatch(/^body(\.content|\.type)?: Body must be a document/);
  });

  it('refuses plain text longer than a description may be', () => {
    expect(bodyLimits.plainTextChars).toBe(articleLimits.descriptionMax);
    const longest = 'x'.repeat(bodyLimits.plainTextChars);
    expect(refusals(doc(paragraph(text(longest))))).toEqual([]);
    // Two paragraphs of half of it are two characters longer: the blank line between them.
    const half = 'x'.repeat(bodyLimits.plainTextChars / 2);
    expect(refusals(doc(paragraph(text(half)), paragraph(text(half))))).toEqual([
      `body: ${messages.tooLong}`,
    ]);
  });

  it('counts blocks at every depth, and refuses more than 500', () => {
    const item = { type: 'listItem', content: [paragraph(text('i'))] };
    // A list of 166 items is 1 + 166 × 2 = 333 blocks; with 167 paragraphs, 500.
    const list = { type: 'bulletList', content: Array.from({ length: 166 }, () => item) };
    const paragraphs = Array.from({ length: 167 }, () => paragraph(text('p')));
    expect(refusals(doc(list, ...paragraphs))).toEqual([]);
    expect(refusals(doc(list, ...paragraphs, { type: 'horizontalRule' }))).toEqual([
      `body: ${messages.tooManyBlocks}`,
    ]);
  });

  it('refuses more than 100 KB of JSON, counting bytes, not characters', () => {
    // Each "é" is two bytes of UTF-8: within the characters allowed, but over the bytes.
    const paragraphs = Array.from({ length: 6 }, () => paragraph(text('é'.repeat(9_000))));
    expect(JSON.stringify(doc(...paragraphs)).length).toBeLessThan(bodyLimits.jsonBytes);
    expect(refusals(doc(...paragraphs))).toEqual([`body: ${messages.tooLarge}`]);
  });

  it('refuses blocks nested too deep before reading them (no stack is spent on them)', () => {
    const nest = (depth: number) => {
      let block: unknown = paragraph(text('deep'));
      for (let level = 1; level < depth; level++) block = { type: 'blockquote', content: [block] };
      return doc(block);
    };
    expect(refusals(nest(bodyLimits.depth))).toEqual([]);
    expect(refusals(nest(bodyLimits.depth + 1))).toEqual([`body: ${messages.tooDeep}`]);
    // Far deeper than any stack: refused by the measure, never walked by the schema.
    expect(refusals(nest(100_000))).toEqual([`body: ${messages.tooDeep}`]);
  });

  it('types what it parses', () => {
    const body: ArticleBody = articleBodySchema.parse(doc(paragraph(text('a'))));
    const first: BodyBlock | undefined = body.content[0];
    expect(first?.type).toBe('paragraph');
  });
});
