import type { BeaconEvent } from '#shared/api/analytics';
import { engagedTime } from './engagedTime';
import { scrollDepthNow } from './scrollDepth';

/*
 * The page beacon: a page view when a public page is shown, and how long and how far it was
 * read when it is left (hidden, closed, or another page of the app). Each event is one
 * `navigator.sendBeacon`, which the browser delivers even as the page goes away. Nothing is
 * kept in the browser: no cookie, no storage; the server makes the day's visitor from the
 * request itself (docs/decisions/026-first-party-analytics.md).
 */

/** What counts as the reader using the page. */
const inputEvents = ['scroll', 'wheel', 'keydown', 'pointerdown', 'pointermove', 'touchstart'];

export function createBeacon() {
  const time = engagedTime();
  // The address the reader came from, with the first page only: later pages came from ours.
  let referrer: string | undefined = document.referrer || undefined;
  let path: string | null = null;
  let deepest = 0;
  // One measure of the depth a frame at most, however many scroll events come.
  let measureQueued = false;

  const send = (event: BeaconEvent) => navigator.sendBeacon('/api/events', JSON.stringify(event));

  const measure = () => {
    if (path !== null) deepest = Math.max(deepest, scrollDepthNow());
  };

  const onInput = () => {
    time.input();
    if (measureQueued) return;
    measureQueued = true;
    const measuredPath = path;
    requestAnimationFrame(() => {
      measureQueued = false;
      // Not if the reader has gone on to another page meanwhile.
      if (path === measuredPath) measure();
    });
  };

  /** Sends what the current view has gathered, if anything, and starts counting afresh. */
  const report = () => {
    if (path === null) return;
    const engagedSeconds = time.seconds();
    if (engagedSeconds > 0 || deepest > 0) {
      send({ type: 'engagement', path, engagedSeconds, scrollDepth: deepest });
    }
    time.reset();
    deepest = 0;
  };

  const onVisibility = () => {
    const visible = document.visibilityState === 'visible';
    if (!visible) measure();
    time.visibility(visible);
    if (!visible) report();
  };

  time.visibility(document.visibilityState === 'visible');
  for (const type of inputEvents) addEventListener(type, onInput, { passive: true });
  document.addEventListener('visibilitychange', onVisibility);
  // Where the page goes without being hidden first (some browsers when it is unloaded).
  addEventListener('pagehide', report);

  return {
    /**
     * The reader is shown `shownPath` (its path and query): sends its page view. Answers the
     * view's end, which sends how it was read.
     */
    view(shownPath: string): () => void {
      path = shownPath;
      time.reset();
      deepest = 0;
      send({ type: 'pageview', path, referrer });
      referrer = undefined;
      return () => {
        report();
        path = null;
      };
    },
    /** Sends what is left and listens no more. */
    stop() {
      report();
      path = null;
      for (const type of inputEvents) removeEventListener(type, onInput);
      document.removeEventListener('visibilitychange', onVisibility);
      removeEventListener('pagehide', report);
    },
  };
}
export type Beacon = ReturnType<typeof createBeacon>;
