import type { JSONContent } from '@tiptap/core';

/**
 * The editor's draft in the browser's localStorage, one per form (`draftKey`: a new article, or
 * the article being updated), so a reload or a closed tab loses nothing. Kept apart from the
 * editor so that a page can clear a draft without loading the editor's code.
 */

export interface StoredDraft {
  doc: JSONContent;
  /** When it was last written, in milliseconds since the epoch. */
  savedAt: number;
}

const prefix = 'tribune:article-draft:';

/** The stored draft, or null when there is none or it cannot be read. */
export function readDraft(draftKey: string): StoredDraft | null {
  try {
    const text = localStorage.getItem(prefix + draftKey);
    if (!text) return null;
    const draft = JSON.parse(text) as Partial<StoredDraft> | null;
    if (!draft || typeof draft.savedAt !== 'number' || draft.doc?.type !== 'doc') return null;
    return { doc: draft.doc, savedAt: draft.savedAt };
  } catch {
    return null;
  }
}

/**
 * Stores the draft; false when the browser refuses (storage full or switched off), and the
 * editor goes on without one.
 */
export function writeDraft(draftKey: string, doc: JSONContent, savedAt = Date.now()): boolean {
  try {
    localStorage.setItem(prefix + draftKey, JSON.stringify({ doc, savedAt }));
    return true;
  } catch {
    return false;
  }
}

/** Forgets the draft: call it once the article is saved, or when the writer discards it. */
export function clearArticleDraft(draftKey: string): void {
  try {
    localStorage.removeItem(prefix + draftKey);
  } catch {
    // Storage switched off: there is nothing to forget.
  }
}
