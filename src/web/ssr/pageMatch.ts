import { matchRoutes, type RouteObject } from 'react-router';
import type { PageMatch } from '#shared/pages';
import type { RouteHandle } from '../layouts/routeHandle';

/**
 * The page an address asks for, decided as the router decides it (case-insensitive, with or
 * without a trailing slash, percent-encoded or not), and the address the route table spells for
 * it. The server redirects other spellings to that one and keys guests' stored pages by it, so
 * `/Search/?q=x` is the search page, never a stored page that sidesteps the search budget.
 */
export function matchPage(routes: RouteObject[], url: string): PageMatch {
  const { pathname, searchParams } = new URL(url, 'http://tribune.invalid');
  const matches = matchRoutes(routes, pathname) ?? [];
  const last = matches.at(-1);
  const id = last?.route.id ?? 'not-found';
  // A path the route table does not know stays as it was: its 404 names no other address.
  const isUnknown = !last || last.route.path === '*';
  const path = isUnknown ? pathname : spelledPath(matches);

  // The page's own parameters, in the order it names them, the first of each, without empty
  // ones (which it reads as absent); a page that names none keeps the query as it came.
  const reads = (last?.route.handle as RouteHandle | undefined)?.query;
  const query = reads
    ? new URLSearchParams(
        reads.flatMap((name) => {
          const value = searchParams.get(name);
          return value ? [[name, value]] : [];
        }),
      )
    : searchParams;
  const search = query.size > 0 ? `?${query}` : '';
  return { id, path, params: last?.params ?? {}, search };
}

/** The path as the matched routes spell it, each parameter in its place, encoded. */
function spelledPath(matches: NonNullable<ReturnType<typeof matchRoutes>>): string {
  const segments = matches.flatMap(({ route, params }) =>
    (route.path ?? '')
      .split('/')
      .filter(Boolean)
      .map((segment) =>
        segment.startsWith(':') ? encodeURIComponent(params[segment.slice(1)] ?? '') : segment,
      ),
  );
  return `/${segments.join('/')}`;
}
