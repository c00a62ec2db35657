import { useEffect } from 'react';
import { siteName } from '../../shared/site.js';
import { tagline } from '../site';

/**
 * Sets the browser tab's title to "<title> | Tribune"; without a title (the home page) to
 * "Tribune — <tagline>". Every page calls it once, so navigating always updates the title.
 */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${siteName}` : `${siteName} — ${tagline}`;
  }, [title]);
}
