import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { focusPageHeading } from '#web/lib/focus';

/**
 * What a page load does for keyboard and screen reader users, after a navigation in the app:
 * focus moves to the new page's heading, and its title is announced. Only when the page changes
 * (not its query: a search typed into All Articles keeps its field), never on the first load,
 * and not when the new page has put focus somewhere itself.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById('main');
    const focused = document.activeElement;
    if (!(main && focused && focused !== main && main.contains(focused))) focusPageHeading();
    // The new page's <title> was placed in the same commit (head/PageHead.tsx).
    setAnnouncement(document.title);
  }, [pathname]);
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only">
      {announcement}
    </p>
  );
}
