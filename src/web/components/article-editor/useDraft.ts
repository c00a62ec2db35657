import type { Editor, JSONContent } from '@tiptap/core';
import { Node, type Schema } from '@tiptap/pm/model';
import { useCallback, useEffect, useRef, useState } from 'react';
import { clearArticleDraft, readDraft, writeDraft, type StoredDraft } from './draftStorage';

/** How long typing may pause before the draft is written (and on leaving the page at once). */
const saveDelay = 400;

export const emptyDoc: JSONContent = { type: 'doc', content: [{ type: 'paragraph' }] };

/**
 * The stored draft the editor should start from: one that this schema can read (it may predate
 * a change to it) and that differs from the document the page gave. Null otherwise.
 */
export function restorableDraft(
  draftKey: string,
  initial: JSONContent | null,
  schema: Schema,
): StoredDraft | null {
  const draft = readDraft(draftKey);
  if (!draft) return null;
  try {
    const doc = Node.fromJSON(schema, draft.doc);
    doc.check();
    return doc.eq(Node.fromJSON(schema, initial ?? emptyDoc)) ? null : draft;
  } catch {
    return null;
  }
}

export interface Draft {
  /** When the draft the editor restored was saved; null when it restored none. */
  restoredAt: number | null;
  /** Forgets the draft and puts back the document the page gave. */
  discard: () => void;
  /** Forgets the draft, and any write still waiting: for when the article is saved. */
  clear: () => void;
}

/**
 * Keeps the editor's document in localStorage under `draftKey` while the writer works, so a
 * reload or a closed tab loses nothing: written a moment after typing stops, and at once when
 * the page is hidden or left. `restored` is the draft the editor started from (restorableDraft);
 * the page hears of it through `onReplace`, as it does of a discard. `initial` holds the
 * document the page gave (not what the editor sent it since): what a discard goes back to.
 */
export function useDraft(
  editor: Editor | null,
  draftKey: string,
  restored: StoredDraft | null,
  initial: { readonly current: JSONContent | null },
  onReplace: (doc: JSONContent) => void,
): Draft {
  const [restoredAt, setRestoredAt] = useState(restored?.savedAt ?? null);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ initial, onReplace });
  useEffect(() => {
    latest.current = { initial, onReplace };
  });

  useEffect(() => {
    if (editor && restored) latest.current.onReplace(editor.getJSON());
  }, [editor, restored]);

  useEffect(() => {
    if (!editor) return;
    const save = () => {
      if (pending.current === null) return;
      clearTimeout(pending.current);
      pending.current = null;
      writeDraft(draftKey, editor.getJSON());
    };
    const onUpdate = () => {
      if (pending.current !== null) clearTimeout(pending.current);
      pending.current = setTimeout(save, saveDelay);
    };
    const onHide = () => document.visibilityState === 'hidden' && save();
    editor.on('update', onUpdate);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', save);
    return () => {
      save();
      editor.off('update', onUpdate);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', save);
    };
  }, [editor, draftKey]);

  const clear = useCallback(() => {
    if (pending.current !== null) clearTimeout(pending.current);
    pending.current = null;
    clearArticleDraft(draftKey);
    setRestoredAt(null);
  }, [draftKey]);

  const discard = useCallback(() => {
    clear();
    if (!editor) return;
    const { initial, onReplace } = latest.current;
    editor.commands.setContent(initial.current ?? emptyDoc, { emitUpdate: false });
    onReplace(editor.getJSON());
  }, [clear, editor]);

  return { restoredAt, discard, clear };
}
