import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while the browser hydrates the page the server sent; true from then
 * on (and at once in an app the browser renders itself). Parts that only the browser can draw
 * (a signed-in reader's own pages) wait for it, so the server's HTML and the first render match.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
