import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyPlainText, plainTextToBody } from './plain-text.js';
import { articleBodySchema, type ArticleBody, type BodyBlock } from './schema.js';

const p = (text: string): BodyBlock => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (...content: BodyBlock[]): ArticleBody => ({ type: 'doc', content });
const item = (...content: BodyBlock[]) => ({ type: 'listItem' as const, content });

describe('a body as plain text', () => {
  it('separates blocks with a blank line, and drops marks', () => {
    const body = doc(
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'The vote' }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Councillors ' },
          { type: 'text', text: 'backed', marks: [{ type: 'bold' }] },
          {
            type: 'text',
            text: ' the plan.',
            marks: [{ type: 'link', attrs: { href: 'https://example.com' } }],
          },
        ],
      },
    );
    expect(bodyPlainText(body)).toBe('The vote\n\nCouncillors backed the plan.');
  });

  it('makes a list one block of lines, one for each paragraph of its items, nested ones too', () => {
    const body = doc(
      p('Before.'),
      {
        type: 'bulletList',
        content: [
          item(p('One'), { type: 'orderedList', content: [item(p('One a')), item(p('One b'))] }),
          item(p('Two'), p('Two, more')),
        ],
      },
      p('After.'),
    );
    expect(bodyPlainText(body)).toBe('Before.\n\nOne\nOne a\nOne b\nTwo\nTwo, more\n\nAfter.');
  });

  it('gives a quote’s blocks, an image’s caption only, and nothing for a rule or empty blocks', () => {
    const body = doc(
      { type: 'blockquote', content: [p('Quoted.'), p('Still quoted.')] },
      {
        type: 'image',
        attrs: { src: '/uploads/a.webp', alt: 'Alt', caption: ' A caption ', credit: 'C' },
      },
      { type: 'image', attrs: { src: '/uploads/b.webp', alt: 'No caption' } },
      { type: 'horizontalRule' },
      { type: 'paragraph' },
      p('  Last.  '),
    );
    expect(bodyPlainText(body)).toBe('Quoted.\n\nStill quoted.\n\nA caption\n\nLast.');
  });

  it('keeps a line break inside a paragraph as one', () => {
    expect(bodyPlainText(doc(p('Line one\nline two'), p('Next')))).toBe(
      'Line one\nline two\n\nNext',
    );
  });
});

describe('plain text as a body', () => {
  it('makes paragraphs of the text between blank lines, as the article page shows it', () => {
    expect(
      plainTextToBody('  First paragraph.\n\n\nSecond,\nwith a line break.\n \t \nThird.  '),
    ).toEqual(doc(p('First paragraph.'), p('Second,\nwith a line break.'), p('Third.')));
  });

  it('reads Windows line ends, and drops the control characters a body may not hold', () => {
    expect(plainTextToBody('One\r\ntwo\r\n\r\nThree\u0000\u0007\rfour\tfive')).toEqual(
      doc(p('One\ntwo'), p('Three\nfour\tfive')),
    );
  });

  it('gives no blocks for text without words, which the schema refuses as a missing description', () => {
    expect(plainTextToBody(' \n\n \t')).toEqual(doc());
    expect(articleBodySchema.safeParse(plainTextToBody(' \n\n \t')).success).toBe(false);
  });

  it('round-trips: text → body → text is the text, tidied; and body → text → body is the body', () => {
    // The characters of a description that matter: words, spaces, line breaks, tabs, CRs.
    const description = fc.stringMatching(/^[a-z \t\n\r.]{0,80}$/);
    fc.assert(
      fc.property(description, (text) => {
        const body = plainTextToBody(text);
        const plain = bodyPlainText(body);
        // What the page showed of the text: the same paragraphs, with the same lines.
        const tidy = text
          .replace(/\r\n?/g, '\n')
          .split(/\n\s*\n/)
          .map((paragraph) => paragraph.trim())
          .filter(Boolean)
          .join('\n\n');
        expect(plain).toBe(tidy);
        expect(plainTextToBody(plain)).toEqual(body);
        if (plain) expect(articleBodySchema.safeParse(body).success).toBe(true);
      }),
    );
  });

  it('keeps every paragraph of a real description', () => {
    const description = [
      'Port Aldridge city council has approved three late-night bus routes.',
      '"For years people have been walking home," said Leanne Morris.\nShe organised the petition.',
      'The first buses are due to run within three months.',
    ].join('\n\n');
    expect(bodyPlainText(plainTextToBody(description))).toBe(description);
    expect(plainTextToBody(description).content).toHaveLength(3);
  });
});
