import { mergeAttributes } from '@tiptap/core';
import Image from '@tiptap/extension-image';

export interface ArticleImageAttributes {
  src: string;
  alt: string;
  caption: string | null;
  credit: string | null;
}

/**
 * An article's image: a picture our image pipeline stored, its alt text (required), an optional
 * caption and credit. The attributes are exactly those four; it is a figure in the editor and in
 * the editor's own clipboard, which is the only HTML it is read back from (pasteCleanup.ts drops
 * images pasted from elsewhere). No Markdown-style input rule: an image comes from the image
 * dialog, never from an address typed in.
 */
export const ArticleImage = Image.extend({
  addAttributes() {
    return {
      src: { default: null },
      alt: { default: null },
      caption: { default: null },
      credit: { default: null },
    };
  },

  parseHTML() {
    return [
      {
        tag: 'figure[data-article-image]',
        getAttrs: (figure) => {
          const image = figure.querySelector('img');
          const src = image?.getAttribute('src');
          const alt = image?.getAttribute('alt')?.trim();
          if (!src || !alt || !/^(https?:\/\/|\/(?!\/))/i.test(src)) return false;
          const text = (selector: string) =>
            figure.querySelector(selector)?.textContent?.trim() || null;
          return { src, alt, caption: text('[data-caption]'), credit: text('[data-credit]') };
        },
      },
    ];
  },

  renderHTML({ node }) {
    const { src, alt, caption, credit } = node.attrs as ArticleImageAttributes;
    const figcaption = [
      caption ? ['span', { 'data-caption': '' }, caption] : null,
      credit ? ['span', { 'data-credit': '' }, credit] : null,
    ].filter((part) => part !== null);
    return [
      'figure',
      mergeAttributes(this.options.HTMLAttributes, { 'data-article-image': '' }),
      ['img', { src, alt }],
      ...(figcaption.length ? [['figcaption', {}, ...figcaption]] : []),
    ];
  },

  addInputRules() {
    return [];
  },
});
