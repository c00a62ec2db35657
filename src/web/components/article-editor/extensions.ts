import { Extension, type Extensions } from '@tiptap/core';
import Blockquote from '@tiptap/extension-blockquote';
import Bold from '@tiptap/extension-bold';
import Document from '@tiptap/extension-document';
import Heading from '@tiptap/extension-heading';
import HorizontalRule from '@tiptap/extension-horizontal-rule';
import Italic from '@tiptap/extension-italic';
import { BulletList, ListItem, OrderedList } from '@tiptap/extension-list';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import { Dropcursor, Gapcursor, UndoRedo } from '@tiptap/extensions';
import { Plugin } from '@tiptap/pm/state';
import { ArticleImage } from './articleImage';
import { ArticleLink } from './articleLink';
import { cleanPastedHtml } from './pasteCleanup';

/**
 * The article body's schema and editing behaviour, and nothing more: the nodes `doc`,
 * `paragraph`, `heading` (levels 2 and 3), `text`, `blockquote`, `bulletList`, `orderedList`,
 * `listItem`, `image`, `horizontalRule` and the marks `bold`, `italic`, `link` (its `href` only).
 * Whatever else a paste or a shortcut brings has no node to become. Used by the editor, its
 * tests and the typing benchmark alike.
 */
export function articleExtensions(): Extensions {
  return [
    Document,
    Paragraph,
    Text,
    Heading.configure({ levels: [2, 3] }),
    Bold,
    Italic,
    ArticleLink,
    Blockquote,
    BulletList,
    // No `start` or `type`: a numbered list counts from 1, as the body's format has it.
    OrderedList.extend({ addAttributes: () => ({}) }),
    ListItem,
    ArticleImage,
    HorizontalRule,
    UndoRedo,
    Dropcursor,
    Gapcursor,
    SoftBreakAsParagraph,
    PasteCleanup,
  ];
}

/**
 * There is no hard-break node: Shift+Enter does what Enter does (a new paragraph, or a new list
 * item) instead of the browser's own line break, which the schema could not keep.
 */
const SoftBreakAsParagraph = Extension.create({
  name: 'softBreakAsParagraph',
  addKeyboardShortcuts() {
    return { 'Shift-Enter': ({ editor }) => editor.commands.enter() };
  },
});

/** Pasted HTML goes through cleanPastedHtml before the schema reads it. */
const PasteCleanup = Extension.create({
  name: 'pasteCleanup',
  addProseMirrorPlugins() {
    return [new Plugin({ props: { transformPastedHTML: (html) => cleanPastedHtml(html) } })];
  },
});
