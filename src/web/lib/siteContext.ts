import { createContext, useContext } from 'react';

/** What every page may need to know about where and when it is shown. */
export interface Site {
  /** The site's public address without a trailing slash, for canonical links and sharing. */
  publicUrl: string;
  /** When the server rendered the page (ISO), or when the browser started the app. */
  renderedAt: string;
}

export const SiteContext = createContext<Site | null>(null);

export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite needs a <SiteContext> above it');
  return site;
}
