import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** Which ends of the nav's strip have links hidden past them. */
export interface StripEdges {
  before: boolean;
  after: boolean;
}

/**
 * For the nav's links when they scroll sideways (a phone, a signed-in reader's many links): the
 * current page's link is brought into the strip after each navigation, rather than left cut off
 * at its edge, and the strip says at which ends more links wait. The server cannot measure:
 * its page, and the first render here, assume links past the right end only, as on the home
 * page.
 */
export function useNavStrip(linkCount: number) {
  const strip = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState<StripEdges>({ before: false, after: true });
  const { pathname } = useLocation();

  const measure = useCallback(() => {
    const list = strip.current;
    if (!list) return;
    // A pixel's slack: scroll positions are fractional on high-density screens.
    const before = list.scrollLeft > 1;
    const after = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setEdges((old) => (old.before === before && old.after === after ? old : { before, after }));
  }, []);

  useEffect(() => {
    const list = strip.current;
    if (!list) return;
    list.addEventListener('scroll', measure, { passive: true });
    // The strip narrows when the account menu replaces the avatar drawn by the server, and
    // when a phone turns: the current link is brought back into view.
    const resized = new ResizeObserver(() => {
      revealCurrent(list);
      measure();
    });
    resized.observe(list);
    return () => {
      list.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, [measure]);

  // After each navigation, and when signing in or out changes the links.
  useEffect(() => {
    if (strip.current) revealCurrent(strip.current);
    measure();
  }, [pathname, linkCount, measure]);

  return { strip, edges };
}

/** The width of the strip's fading edges (MainNav), which a link is brought clear of. */
const fadeWidth = 32;

/** Scrolls the strip sideways, and only the strip (not the page), to show the current link. */
function revealCurrent(list: HTMLElement) {
  const current = list.querySelector<HTMLElement>('[aria-current="page"]');
  if (!current) return;
  const box = current.getBoundingClientRect();
  const left = box.left - list.getBoundingClientRect().left + list.scrollLeft;
  const right = left + box.width;
  if (left - fadeWidth < list.scrollLeft) list.scrollLeft = Math.max(0, left - fadeWidth);
  else if (right + fadeWidth > list.scrollLeft + list.clientWidth) {
    list.scrollLeft = right + fadeWidth - list.clientWidth;
  }
}
