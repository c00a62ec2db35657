import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { addArticleView } from '#web/lib/api/articleDetail';

/**
 * The openings already counted, by history entry and article. An opening is one history entry
 * (location.key), so StrictMode's second run of the effect, or a re-render, adds nothing, while
 * opening the article again from a link is a new entry and counts again.
 */
const counted = new Set<string>();

/** Adds one view to the article once it has been shown (`shown`), exactly once per opening. */
export function useCountView(id: string, shown: boolean): void {
  const { key } = useLocation();
  useEffect(() => {
    if (!shown) return;
    const opening = `${key}:${id}`;
    if (counted.has(opening)) return;
    counted.add(opening);
    // Spec: a failure to count is only logged; the reader keeps reading.
    addArticleView(id).catch((error: unknown) => console.error('Could not count the view:', error));
  }, [id, shown, key]);
}
