import { Mark, mergeAttributes } from '@tiptap/core';
import { allowedHref } from './linkHref';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    articleLink: {
      /** Links the selection; refused (false) for an address allowedHref refuses. */
      setLink: (attributes: { href: string }) => ReturnType;
      /** Unlinks the whole link at the selection. */
      unsetLink: () => ReturnType;
    };
  }
}

/**
 * A link: its `href` only, always an http, https or mailto address (allowedHref), whether it
 * comes from the link dialog or a paste. Ours rather than Tiptap's Link extension, whose
 * autolinking brings linkify (about 10 KB gzip) and which keeps target, rel, class and title
 * besides; a link is added with the dialog (Ctrl/Cmd+K) instead.
 */
export const ArticleLink = Mark.create({
  name: 'link',
  priority: 1000,
  // Typing at a link's end writes plain text, not more of the link.
  inclusive: false,
  keepOnSplit: false,

  addAttributes() {
    return { href: { default: null } };
  },

  parseHTML() {
    return [
      {
        tag: 'a[href]',
        getAttrs: (element) => {
          const href = allowedHref(element.getAttribute('href') ?? '');
          return href ? { href } : false;
        },
      },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    return ['a', mergeAttributes(HTMLAttributes, { rel: 'noopener noreferrer nofollow' }), 0];
  },

  addCommands() {
    return {
      setLink:
        ({ href }) =>
        ({ commands }) => {
          const checked = allowedHref(href);
          return checked !== null && commands.setMark(this.name, { href: checked });
        },
      unsetLink:
        () =>
        ({ commands }) =>
          commands.unsetMark(this.name, { extendEmptyMarkRange: true }),
    };
  },
});
