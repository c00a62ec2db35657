import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderBodyHtml } from '#shared/article-body/html';
import type { BodyImageSize } from '#shared/article-body/rendering';
import type { ArticleBody } from '#shared/article-body/schema';
import { anyBody, hostileBodies } from '#web/test/bodyCorpus';
import { BodyBlocks } from './BodyBlocks';

/*
 * Feeds and mail get a body's HTML from html.ts (the server has no JSX); the page gets it from
 * these components. They must write the same markup, byte for byte.
 */

const sizes: Record<string, BodyImageSize> = {
  '/uploads/a.webp': {
    width: 1600,
    height: 900,
    srcset: '/uploads/a-400.webp 400w, /uploads/a.webp 1600w',
  },
  'https://i.ibb.co/x/b.webp': { width: 640, height: 480, srcset: null },
};
const imageSize = (src: string) => sizes[src] ?? null;

function bothRenderings(body: ArticleBody, authorIsAdmin: boolean) {
  return {
    react: renderToStaticMarkup(
      <BodyBlocks body={body} authorIsAdmin={authorIsAdmin} imageSize={imageSize} />,
    ),
    html: renderBodyHtml(body, { authorIsAdmin, imageSize }),
  };
}

describe('the HTML string of a body', () => {
  it('is what the React components render, for hostile bodies', () => {
    for (const body of hostileBodies) {
      for (const authorIsAdmin of [false, true]) {
        const { react, html } = bothRenderings(body, authorIsAdmin);
        expect(html).toBe(react);
      }
    }
  });

  it('is what the React components render, for any body', () => {
    fc.assert(
      fc.property(anyBody, fc.boolean(), (body, authorIsAdmin) => {
        const { react, html } = bothRenderings(body, authorIsAdmin);
        expect(html).toBe(react);
      }),
      { numRuns: 500 },
    );
  });

  it('makes site-relative image addresses absolute for feeds and mail', () => {
    const body: ArticleBody = {
      type: 'doc',
      content: [
        { type: 'image', attrs: { src: '/uploads/a.webp', alt: 'A' } },
        { type: 'image', attrs: { src: 'https://i.ibb.co/x/b.webp', alt: 'B' } },
      ],
    };
    const html = renderBodyHtml(body, {
      authorIsAdmin: false,
      imageSize,
      baseUrl: 'https://news.example',
    });
    expect(html).toContain(
      'src="https://news.example/uploads/a.webp" alt="A" width="1600" height="900" srcSet="https://news.example/uploads/a-400.webp 400w, https://news.example/uploads/a.webp 1600w"',
    );
    expect(html).toContain(
      'src="https://i.ibb.co/x/b.webp" alt="B" width="640" height="480" loading',
    );
  });
});
