import { useSyncExternalStore } from 'react';
import { useSite } from '#web/lib/siteContext';

const subscribe = () => () => {};

/** A date as YYYY-MM-DD in the browser's own time zone. */
function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Today as YYYY-MM-DD. The server renders the UTC date of its render and the browser hydrates
 * with that same day (so the two agree), then shows the reader's own date when it differs.
 */
export function useToday(): string {
  const { renderedAt } = useSite();
  return useSyncExternalStore(
    subscribe,
    () => localDay(new Date()),
    () => renderedAt.slice(0, 10),
  );
}
