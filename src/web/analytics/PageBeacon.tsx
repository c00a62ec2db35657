import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import type { Beacon } from './beacon';

/**
 * The pages the beacon counts (their route ids, routes.tsx): what the paper publishes. Not the
 * sign-in, registration and password pages, nor the newsletter's mailed-link pages (their
 * addresses carry a reader's token), nor a reader's own pages (writing, profile, payment), nor
 * the admin's (outside this layout), nor "not found".
 */
const countedRoutes = new Set([
  'home',
  'all-articles',
  'search',
  'article',
  'premium-articles',
  'newsletter',
  'newsletter-send',
]);

/** The reader asked not to be followed (Do Not Track, Global Privacy Control). */
const declined = () =>
  navigator.doNotTrack === '1' ||
  (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

let beacon: Promise<Beacon> | undefined;

/**
 * Counts each public page shown, from the first one after hydration (effects run only then) to
 * each move within the app. The beacon's code is a chunk of its own, fetched with the first page
 * counted, so that it weighs nothing on the way to a drawn page.
 */
export function PageBeacon() {
  const { pathname, search } = useLocation();
  const counted = useMatches().some((match) => countedRoutes.has(match.id));
  const path = counted ? pathname + search : null;

  useEffect(() => {
    if (path === null || declined()) return;
    let ended = false;
    let end: (() => void) | undefined;
    beacon ??= import('./beacon').then(({ createBeacon }) => createBeacon());
    void beacon.then((loaded) => {
      if (!ended) end = loaded.view(path);
    });
    // The view ends with the next page (or when the reader leaves for an uncounted one).
    return () => {
      ended = true;
      end?.();
    };
  }, [path]);

  return null;
}
