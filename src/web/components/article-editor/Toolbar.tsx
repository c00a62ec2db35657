import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { clsx } from 'clsx';
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link,
  List,
  ListOrdered,
  Minus,
  Redo2,
  TextQuote,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import { memo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { nextIndex } from './rovingFocus';

/** What the toolbar shows as pressed or unavailable, read from the editor's state. */
function toolbarState(editor: Editor) {
  return {
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    link: editor.isActive('link'),
    heading2: editor.isActive('heading', { level: 2 }),
    heading3: editor.isActive('heading', { level: 3 }),
    blockquote: editor.isActive('blockquote'),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    image: editor.isActive('image'),
    undo: editor.can().undo(),
    redo: editor.can().redo(),
  };
}

type ToolbarState = ReturnType<typeof toolbarState>;

interface Tool {
  label: string;
  /** For aria-keyshortcuts and the tooltip. */
  keys?: string;
  Icon: LucideIcon;
  /** A toggle's state (aria-pressed); actions (undo, a rule) have none. */
  pressed?: (state: ToolbarState) => boolean;
  disabled?: (state: ToolbarState) => boolean;
  run: (editor: Editor, open: Openers) => void;
  /** A thin rule before the button, between groups. */
  group?: boolean;
}

interface Openers {
  openLink: () => void;
  openImage: () => void;
}

const tools: Tool[] = [
  {
    label: 'Bold',
    keys: 'Control+B',
    Icon: Bold,
    pressed: (state) => state.bold,
    run: (editor) => editor.chain().focus().toggleBold().run(),
  },
  {
    label: 'Italic',
    keys: 'Control+I',
    Icon: Italic,
    pressed: (state) => state.italic,
    run: (editor) => editor.chain().focus().toggleItalic().run(),
  },
  {
    label: 'Link',
    keys: 'Control+K',
    Icon: Link,
    pressed: (state) => state.link,
    run: (_editor, open) => open.openLink(),
  },
  {
    label: 'Heading',
    Icon: Heading2,
    group: true,
    pressed: (state) => state.heading2,
    run: (editor) => editor.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: 'Subheading',
    Icon: Heading3,
    pressed: (state) => state.heading3,
    run: (editor) => editor.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    label: 'Quote',
    Icon: TextQuote,
    pressed: (state) => state.blockquote,
    run: (editor) => editor.chain().focus().toggleBlockquote().run(),
  },
  {
    label: 'Bulleted list',
    Icon: List,
    pressed: (state) => state.bulletList,
    run: (editor) => editor.chain().focus().toggleBulletList().run(),
  },
  {
    label: 'Numbered list',
    Icon: ListOrdered,
    pressed: (state) => state.orderedList,
    run: (editor) => editor.chain().focus().toggleOrderedList().run(),
  },
  {
    label: 'Insert image',
    Icon: ImagePlus,
    group: true,
    run: (_editor, open) => open.openImage(),
  },
  {
    label: 'Horizontal rule',
    Icon: Minus,
    run: (editor) => editor.chain().focus().setHorizontalRule().run(),
  },
  {
    label: 'Undo',
    keys: 'Control+Z',
    Icon: Undo2,
    group: true,
    disabled: (state) => !state.undo,
    run: (editor) => editor.chain().focus().undo().run(),
  },
  {
    label: 'Redo',
    keys: 'Control+Shift+Z',
    Icon: Redo2,
    disabled: (state) => !state.redo,
    run: (editor) => editor.chain().focus().redo().run(),
  },
];

interface Props extends Openers {
  editor: Editor;
  /** The editor's label: the toolbar is named after it ("Description formatting"). */
  label: string;
  /** The editable area's id, for aria-controls. */
  controls: string;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The editor's toolbar, in the WAI-ARIA toolbar pattern: one tab stop (the button last used),
 * the arrow keys, Home and End to move between buttons; toggles say whether they are on with
 * aria-pressed. An unavailable button (Undo with nothing to undo) stays focusable, marked
 * aria-disabled, so moving through the toolbar never skips a place. Memoized: the editor's
 * page renders again on every keystroke, and the toolbar redraws only when its state changes.
 */
export const Toolbar = memo(function Toolbar({
  editor,
  label,
  controls,
  openLink,
  openImage,
  ref,
}: Props) {
  const state = useEditorState({ editor, selector: ({ editor }) => toolbarState(editor) });
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent) {
    const next = nextIndex(current, event.key, tools.length);
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  }

  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label={`${label} formatting`}
      aria-controls={controls}
      onKeyDown={onKeyDown}
      className="flex flex-wrap items-center gap-0.5 border-b border-ink/20 bg-paper px-1.5 py-1"
    >
      {tools.map((tool, index) => {
        const disabled = tool.disabled?.(state) ?? false;
        return (
          <button
            key={tool.label}
            ref={(button) => {
              buttons.current[index] = button;
            }}
            type="button"
            tabIndex={index === current ? 0 : -1}
            aria-label={tool.label}
            aria-pressed={tool.pressed ? tool.pressed(state) : undefined}
            aria-disabled={disabled || undefined}
            aria-keyshortcuts={tool.keys}
            title={
              tool.keys ? `${tool.label} (${tool.keys.replace('Control', 'Ctrl')})` : tool.label
            }
            onFocus={() => setCurrent(index)}
            // The editor keeps its selection while the pointer presses a button.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => !disabled && tool.run(editor, { openLink, openImage })}
            className={clsx(
              'flex size-9 items-center justify-center rounded-sm text-ink hover:bg-ink/10',
              'aria-pressed:bg-ink aria-pressed:text-paper aria-disabled:cursor-not-allowed aria-disabled:opacity-40',
              tool.group && 'ml-2',
            )}
          >
            <tool.Icon aria-hidden className="size-4" />
          </button>
        );
      })}
    </div>
  );
});
