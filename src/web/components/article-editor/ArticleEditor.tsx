import { getSchema, type JSONContent } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { clsx } from 'clsx';
import {
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type Ref,
} from 'react';
import { errorId } from '#web/components/form/FieldFrame';
import { articleExtensions } from './extensions';
import { ImageDialog, type UploadArticleImage } from './ImageDialog';
import { LinkDialog } from './LinkDialog';
import { Toolbar } from './Toolbar';
import { emptyDoc, restorableDraft, useDraft } from './useDraft';
import { WordCount } from './WordCount';

export interface ArticleEditorHandle {
  /** Puts the caret in the editor (react-hook-form calls it on an error). */
  focus: () => void;
  /** Forgets the browser's draft: call it once the article is saved. */
  clearDraft: () => void;
}

export interface ArticleEditorProps {
  /** The document to start from (an article being updated), or null for an empty one. */
  value: JSONContent | null;
  /** Called with the whole document after every change. */
  onChange: (doc: JSONContent) => void;
  onBlur?: () => void;
  label?: string;
  error?: string | undefined;
  /** Names the browser's draft: one per form, e.g. "new" or the article's id. */
  draftKey: string;
  /** Sends an image through our image pipeline (POST /api/images) and answers its address. */
  uploadImage: UploadArticleImage;
  ref?: Ref<ArticleEditorHandle>;
}

/**
 * The article body's editor: a toolbar, the editable document, its word count and reading
 * time, and the draft kept in the browser. The editable area is a labelled multi-line textbox
 * described by its error. `value` is read at mount and whenever the page changes it (a form
 * reset); the writer's changes come back through `onChange`. Loaded lazily (LazyArticleEditor).
 */
export default function ArticleEditor({
  value,
  onChange,
  onBlur,
  label = 'Description',
  error,
  draftKey,
  uploadImage,
  ref,
}: ArticleEditorProps) {
  const id = useId();
  const ids = { label: `${id}label`, editor: `${id}editor`, hint: `${id}hint` };
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  const openLink = useCallback(() => setDialog('link'), []);
  const openImage = useCallback(() => setDialog('image'), []);
  const toolbar = useRef<HTMLDivElement>(null);
  // The document last sent through onChange: a `value` equal to it is the page echoing it back.
  const emitted = useRef(value);
  const callbacks = useRef({ onChange, onBlur });
  useEffect(() => {
    callbacks.current = { onChange, onBlur };
  });

  const [extensions] = useState(articleExtensions);
  // A draft left in this browser comes back in place of the page's document.
  const [restored] = useState(() => restorableDraft(draftKey, value, getSchema(extensions)));
  const editorProps = useMemo(
    () => ({
      attributes: {
        id: ids.editor,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': ids.label,
        'aria-describedby': clsx(ids.hint, error && errorId(ids.editor)),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        class: contentClass,
      },
      handleKeyDown: (_view: unknown, event: KeyboardEvent) => {
        // Ctrl/Cmd+K opens the link dialog; Alt+F10 goes to the toolbar, as in other editors.
        if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
          setDialog('link');
          return true;
        }
        if (event.altKey && event.key === 'F10') {
          toolbar.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
          return true;
        }
        return false;
      },
    }),
    [ids.editor, ids.label, ids.hint, error],
  );

  // Read once: useEditor compares its options on every render, and a new `content` (the page
  // echoing each change back) would set the view's props again on every keystroke.
  const [content] = useState(() => restored?.doc ?? value ?? emptyDoc);
  const editor = useEditor({
    extensions,
    content,
    editorProps,
    onUpdate: ({ editor }) => {
      const doc = editor.getJSON();
      emitted.current = doc;
      callbacks.current.onChange(doc);
    },
    onBlur: () => callbacks.current.onBlur?.(),
  });

  // The page's own document, not its echo of the editor's: what discarding a draft goes back to.
  const baseline = useRef(value);
  const draft = useDraft(editor, draftKey, restored, baseline, (doc) => {
    emitted.current = doc;
    callbacks.current.onChange(doc);
  });

  // A new `value` from the page (a form reset) replaces the document, unless it is the page
  // echoing back what the editor sent.
  const given = useRef(value);
  useEffect(() => {
    if (!editor || value === given.current) return;
    given.current = value;
    if (value === emitted.current) return;
    emitted.current = value;
    baseline.current = value;
    editor.commands.setContent(value ?? emptyDoc, { emitUpdate: false });
  }, [editor, value]);

  useImperativeHandle(
    ref,
    () => ({ focus: () => editor?.commands.focus(), clearDraft: draft.clear }),
    [editor, draft.clear],
  );

  return (
    <div>
      <span
        id={ids.label}
        onClick={() => editor?.commands.focus()}
        className="mb-1.5 block text-sm font-semibold text-ink"
      >
        {label}
      </span>
      {draft.restoredAt !== null && (
        <p
          role="status"
          className="mb-2 flex flex-wrap items-center gap-x-3 border-l-4 border-sky-600 bg-sky-50 px-3 py-2 text-sm text-sky-950"
        >
          <span>Your unsaved draft from {savedTime.format(draft.restoredAt)} was restored.</span>
          <button
            type="button"
            className="font-semibold underline hover:text-accent"
            onClick={() => {
              draft.discard();
              editor?.commands.focus('start');
            }}
          >
            Discard draft
          </button>
        </p>
      )}
      <div
        className={clsx(
          'rounded-sm border bg-surface focus-within:border-ink',
          error ? 'border-accent' : 'border-ink/40',
        )}
      >
        {editor && (
          <Toolbar
            ref={toolbar}
            editor={editor}
            label={label}
            controls={ids.editor}
            openLink={openLink}
            openImage={openImage}
          />
        )}
        <EditorContent editor={editor} />
      </div>
      <div className="mt-1.5 flex flex-wrap justify-between gap-x-4">
        <p id={ids.hint} className="text-xs text-ink-muted">
          Alt+F10 moves to the toolbar. Start a line with ## or ### for a heading, &gt; for a quote,
          - or 1. for a list.
        </p>
        {editor && <WordCount editor={editor} />}
      </div>
      {error && (
        <p id={errorId(ids.editor)} className="mt-1.5 text-sm text-accent">
          {error}
        </p>
      )}
      {editor && dialog === 'link' && (
        <LinkDialog editor={editor} onClose={() => setDialog(null)} />
      )}
      {editor && dialog === 'image' && (
        <ImageDialog editor={editor} uploadImage={uploadImage} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}

const savedTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The document's look while it is written: the article page's blocks, in small. */
const contentClass = clsx(
  'min-h-64 px-4 py-3 font-serif text-lg leading-relaxed text-ink focus:outline-none',
  '[&_p]:my-3 [&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-2xl [&_h2]:font-bold',
  '[&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-bold',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-7 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-7',
  '[&_li>p]:my-1 [&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-rule',
  '[&_blockquote]:pl-4 [&_blockquote]:italic [&_a]:text-accent [&_a]:underline',
  '[&_hr]:my-6 [&_hr]:border-rule [&_figure]:my-5 [&_img]:max-w-full',
  '[&_figcaption]:mt-1 [&_figcaption]:font-sans [&_figcaption]:text-sm [&_figcaption]:text-ink-muted',
  '[&_[data-credit]]:ml-2 [&_[data-credit]]:uppercase [&_[data-credit]]:text-xs',
  '[&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-accent',
);
