import { cleanup, render, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { isImageAddress, isSafeLink } from '#shared/article-body/addresses';
import { authorLinkRel, bodyImageSizes } from '#shared/article-body/rendering';
import type { ArticleBody, BodyBlock } from '#shared/article-body/schema';
import { anyBody, hostileBodies, hostileStrings } from '#web/test/bodyCorpus';
import { ArticleBodyView } from './ArticleBodyView';
import { BodyBlocks } from './BodyBlocks';

afterEach(cleanup);

const doc = (...content: BodyBlock[]): ArticleBody => ({ type: 'doc', content });
const p = (text: string): BodyBlock => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const stored = '/uploads/0123456789abcdef0123456789abcdef.webp';

describe('an article body, rendered', () => {
  it('draws each block as its element, headings with ids for anchor links', () => {
    const { container } = render(
      <ArticleBodyView
        authorIsAdmin={false}
        body={doc(
          { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'The vote' }] },
          p('Councillors backed the plan.'),
          { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'The vote' }] },
          { type: 'blockquote', content: [p('A quote.')] },
          {
            type: 'orderedList',
            content: [
              { type: 'listItem', content: [p('First')] },
              { type: 'listItem', content: [p('Second')] },
            ],
          },
          { type: 'horizontalRule' },
        )}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'The vote' }).id).toBe('the-vote');
    expect(screen.getByRole('heading', { level: 3, name: 'The vote' }).id).toBe('the-vote-2');
    expect(screen.getByText('A quote.').closest('blockquote')).not.toBeNull();
    expect(
      within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['First', 'Second']);
    expect(container.querySelector('hr')).not.toBeNull();
  });

  it('shows line breaks as line breaks, marks as strong and em, and no empty paragraphs', () => {
    const { container } = render(
      <BodyBlocks
        authorIsAdmin={false}
        body={doc(
          { type: 'paragraph' },
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Line one\nline ' },
              { type: 'text', text: 'two', marks: [{ type: 'italic' }, { type: 'bold' }] },
            ],
          },
        )}
      />,
    );
    expect(container.innerHTML).toBe('<p>Line one<br>line <strong><em>two</em></strong></p>');
  });

  it('marks the links of authors who are not admins nofollow ugc noopener, and not admins’', () => {
    const body = doc({
      type: 'paragraph',
      content: [
        { type: 'text', text: 'See ' },
        {
          type: 'text',
          text: 'the ',
          marks: [{ type: 'link', attrs: { href: 'https://example.com/report' } }],
        },
        {
          type: 'text',
          text: 'report',
          marks: [
            { type: 'bold' },
            { type: 'link', attrs: { href: 'https://example.com/report' } },
          ],
        },
      ],
    });
    render(<BodyBlocks authorIsAdmin={false} body={body} />);
    // Neighbouring text under the same link is one link.
    const link = screen.getByRole('link', { name: 'the report' });
    expect(link.getAttribute('href')).toBe('https://example.com/report');
    expect(link.getAttribute('rel')).toBe(authorLinkRel);
    expect(link.getAttribute('target')).toBeNull();
    cleanup();
    render(<BodyBlocks authorIsAdmin body={body} />);
    expect(screen.getByRole('link', { name: 'the report' }).hasAttribute('rel')).toBe(false);
  });

  it('draws an image as a figure with its caption and credit, sized, in its stored widths, lazily', () => {
    const srcset = `${stored.replace('.webp', '-400.webp')} 400w, ${stored} 1600w`;
    render(
      <BodyBlocks
        authorIsAdmin={false}
        imageSize={(src) => (src === stored ? { width: 1600, height: 900, srcset } : null)}
        body={doc(
          p('Text.'),
          {
            type: 'image',
            attrs: {
              src: stored,
              alt: 'The first bus',
              caption: 'At the depot',
              credit: 'Grace Hall',
            },
          },
          { type: 'image', attrs: { src: '/uploads/unknown.webp', alt: 'Unknown size' } },
        )}
      />,
    );
    const picture = screen.getByRole('img', { name: 'The first bus' });
    const figure = picture.closest('figure')!;
    expect(within(figure).getByText('At the depot', { exact: false }).tagName).toBe('FIGCAPTION');
    expect(figure.querySelector('figcaption')!.textContent).toBe('At the depot Credit: Grace Hall');
    expect(Object.fromEntries([...picture.attributes].map((a) => [a.name, a.value]))).toMatchObject(
      {
        src: stored,
        width: '1600',
        height: '900',
        srcset,
        sizes: bodyImageSizes,
        loading: 'lazy',
        decoding: 'async',
      },
    );
    // A size not known: no box, no srcset, still lazy, and no caption when there is none.
    const unknown = screen.getByRole('img', { name: 'Unknown size' });
    expect(
      ['width', 'height', 'srcset', 'sizes'].map((name) => unknown.getAttribute(name)),
    ).toEqual([null, null, null, null]);
    expect(unknown.getAttribute('loading')).toBe('lazy');
    expect(unknown.closest('figure')!.querySelector('figcaption')).toBeNull();
  });

  it('shows a link whose address is not safe as its text, and leaves out an image not of ours', () => {
    const { container } = render(
      <BodyBlocks
        authorIsAdmin
        body={doc(
          {
            type: 'paragraph',
            content: [
              {
                type: 'text',
                text: 'Click me',
                marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
              },
            ],
          },
          { type: 'image', attrs: { src: 'javascript:alert(1)', alt: 'x', caption: 'Hidden' } },
        )}
      />,
    );
    expect(container.innerHTML).toBe('<p>Click me</p>');
  });
});

const allowedAttributes: Record<string, string[]> = {
  p: [],
  h2: ['id'],
  h3: ['id'],
  blockquote: [],
  ul: [],
  ol: [],
  li: [],
  hr: [],
  br: [],
  strong: [],
  em: [],
  small: [],
  figure: [],
  figcaption: [],
  a: ['href', 'rel'],
  img: [
    'src',
    'alt',
    'width',
    'height',
    'srcset',
    'sizes',
    'loading',
    'fetchpriority',
    'decoding',
    'draggable',
  ],
};

/**
 * What is wrong with `html` as a body's markup: an element or attribute no body has, or an
 * address that is not a safe link or one of our images' shape. Empty when nothing is.
 */
function unsafeParts(html: string): string[] {
  const found: string[] = [];
  if (/<script|<iframe|<svg|<style/i.test(html)) found.push('markup from text');
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const element of template.content.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    const allowed = allowedAttributes[tag];
    if (!allowed) {
      found.push(`<${tag}>`);
      continue;
    }
    for (const { name, value } of element.attributes) {
      if (!allowed.includes(name)) found.push(`${tag}[${name}]`);
      if (name === 'href' && !isSafeLink(value)) found.push(`href=${value}`);
      if (name === 'src' && !isImageAddress(value)) found.push(`src=${value}`);
    }
  }
  return found;
}

describe('nothing an author writes becomes a script', () => {
  it.each(hostileBodies.map((body, index) => [index, body] as const))(
    'hostile body %i: only body elements, safe addresses, texts as text',
    (_, body) => {
      for (const authorIsAdmin of [false, true]) {
        const html = renderToStaticMarkup(<BodyBlocks authorIsAdmin={authorIsAdmin} body={body} />);
        expect(unsafeParts(html)).toEqual([]);
      }
      // Every hostile string is shown as the text it is.
      const { container } = render(<BodyBlocks authorIsAdmin={false} body={body} />);
      if (body === hostileBodies[0]) {
        for (const value of hostileStrings) expect(container.textContent).toContain(value);
      }
    },
  );

  it('holds for any body, with hostile addresses and characters', () => {
    fc.assert(
      fc.property(anyBody, fc.boolean(), (body, authorIsAdmin) => {
        const html = renderToStaticMarkup(<BodyBlocks authorIsAdmin={authorIsAdmin} body={body} />);
        expect(unsafeParts(html)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
