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
  const start = useCallback(() => setStarted(true), []);
  useEffect(() => {
    if (started) return;
    // Safari has no idle callbacks: a task after this one then.
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(start, 1);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(start, { timeout: latestMs });
    return () => cancelIdleCallback(handle);
  }, [started, start]);
  return [started, start];
}
