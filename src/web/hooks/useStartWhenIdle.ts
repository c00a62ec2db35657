import { useCallback, useEffect, useState } from 'react';

/** How long a busy page may put the start off. */
const latestMs = 2000;

/**
 * Whether to start something the page can show without, such as a widget's script: false until
 * the browser is first idle after hydration (at most two seconds), or until `start` is called
 * (the reader reaching for it), then true. Work started in hydration's own effects runs in one
 * task with the whole page's commit, holding the main thread; started here, it is a task of its
 * own once the page is drawn and usable.
 */
export function useStartWhenIdle(): [started: boolean, start: () => void] {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (started) return;
    const begin = () => setStarted(true);
    // Safari has no idle callbacks: a task after this one then.
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(begin, 1);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(begin, { timeout: latestMs });
    return () => cancelIdleCallback(handle);
  }, [started]);
  return [started, useCallback(() => setStarted(true), [])];
}
