import { useMatches } from 'react-router';

/** What a route tells the layouts and the server about its page (routes.tsx). */
export interface RouteHandle {
  /** The page's source under src/web, as Vite's manifest names its chunk. */
  module?: string;
  /** A private page's title: the page is drawn in the browser, its title comes with the HTML. */
  title?: string;
  /**
   * The query parameters the page reads. A guest's page is kept under its address with these
   * alone (ssr/pageMatch.ts), so `/?utm=1` is the home page already kept, not a new render.
   * Left out, the whole query counts.
   */
  query?: readonly string[];
}

/** The title of the deepest route on the current address that has one. */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i]?.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}
