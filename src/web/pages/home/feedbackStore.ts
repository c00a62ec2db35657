/** A reader's feedback; the spec keeps it in this browser only, never sending it to a server. */
export interface FeedbackItem {
  /** When it was written (milliseconds since 1970), which also tells items apart. */
  id: number;
  message: string;
}

const storageKey = 'tribuneFeedback';

/** The saved feedback, newest first; none when storage is empty, unreadable or tampered with. */
export function loadFeedback(): FeedbackItem[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isFeedbackItem) : [];
  } catch {
    return [];
  }
}

export function saveFeedback(items: FeedbackItem[]): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify(items));
  } catch {
    // Storage full or switched off (private mode): the list still works until the page closes.
  }
}

function isFeedbackItem(value: unknown): value is FeedbackItem {
  const item = value as Partial<FeedbackItem> | null;
  return typeof item?.id === 'number' && typeof item.message === 'string';
}
