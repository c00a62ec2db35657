import { useSyncExternalStore } from 'react';

/** A reader's feedback; the spec keeps it in this browser only, never sending it to a server. */
export interface FeedbackItem {
  /** When it was written (milliseconds since 1970), which also tells items apart. */
  id: number;
  message: string;
}

const storageKey = 'tribuneFeedback';
const none: FeedbackItem[] = [];
const listeners = new Set<() => void>();

/** The last stored text read and the list it holds, so every render reads the same array. */
let read: { raw: string | null; items: FeedbackItem[] } = { raw: null, items: none };
/** The list, when storage is unavailable (private modes): it lasts until the page closes. */
let unsaved: FeedbackItem[] | null = null;

/** The saved feedback, newest first; none when storage is empty, unreadable or tampered with. */
function loadFeedback(): FeedbackItem[] {
  if (unsaved) return unsaved;
  let raw: string | null;
  try {
    raw = localStorage.getItem(storageKey);
  } catch {
    return none;
  }
  if (raw !== read.raw) read = { raw, items: parse(raw) };
  return read.items;
}

function parse(raw: string | null): FeedbackItem[] {
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isFeedbackItem) : none;
  } catch {
    return none;
  }
}

/** Adds an item at the top of the list and keeps the list in this browser. */
export function addFeedback(item: FeedbackItem): void {
  const items = [item, ...loadFeedback()];
  try {
    localStorage.setItem(storageKey, JSON.stringify(items));
  } catch {
    // Storage full or switched off (private mode): the list still works until the page closes.
    unsaved = items;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The feedback given in this browser. The server's HTML has none (it cannot see this browser's
 * storage); the list appears once the page has hydrated.
 */
export function useFeedback(): FeedbackItem[] {
  return useSyncExternalStore(subscribe, loadFeedback, () => none);
}

function isFeedbackItem(value: unknown): value is FeedbackItem {
  const item = value as Partial<FeedbackItem> | null;
  return typeof item?.id === 'number' && typeof item.message === 'string';
}
