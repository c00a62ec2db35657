import type { RouteObject } from 'react-router';
import type { PageMatch } from '#shared/pages';
import type { RouteHandle } from '#web/layouts/routeHandle';

/** A page of the route table: its full pattern, compiled once. */
interface Leaf {
  id: string;
  /** The pattern's segments ("articles", ":id"). */
  segments: string[];
  pattern: RegExp;
  /** The query parameters the page reads; undefined: all of them. */
  query: readonly string[] | undefined;
}

/**
 * The page an address asks for, decided as the router decides it (case-insensitive, with or
 * without a trailing slash, percent-encoded or not), and the address the route table spells for
 * it. The server redirects other spellings to that one and keys guests' stored pages by it, so
 * `/Search/?q=x` is the search page, never a stored page that sidesteps the search budget.
 *
 * React Router's own `matchRoutes` flattens and ranks the whole table and compiles every
 * pattern on each call (about half a millisecond); this runs before every page, stored ones
 * included, so the table is compiled once here. pageMatch.test.ts holds it to `matchRoutes`.
 */
export function pageMatcher(routes: RouteObject[]): (url: string) => PageMatch {
  const leaves = rank(leavesOf(routes, []));
  return (url) => {
    const { pathname, searchParams, decoded } = parse(url);
    for (const leaf of leaves) {
      const found = leaf.pattern.exec(decoded);
      if (!found) continue;
      const names = leaf.segments.filter((segment) => segment.startsWith(':'));
      const params = Object.fromEntries(
        names.map((name, i) => [name.slice(1), found[i + 1]?.replace(/%2F/g, '/')]),
      );
      const isSplat = leaf.segments.includes('*');
      return {
        id: leaf.id,
        // An address the route table does not know stays as it came: its 404 names no other.
        path: isSplat ? pathname : spelled(leaf.segments, params),
        params,
        search: pageQuery(leaf.query, searchParams),
      };
    }
    return { id: 'not-found', path: pathname, params: {}, search: '' };
  };
}

/**
 * The address's path as the browser and the router read it. Most addresses are plain (letters,
 * digits, dashes and single slashes), which parsing and decoding would leave as they are: they
 * skip both, which cost several microseconds a request each.
 */
function parse(url: string) {
  const query = url.indexOf('?');
  const raw = query < 0 ? url : url.slice(0, query);
  if (/^(\/[\w-]+)*\/?$/.test(raw) && !url.includes('#')) {
    const searchParams = new URLSearchParams(query < 0 ? '' : url.slice(query + 1));
    return { pathname: raw || '/', searchParams, decoded: raw || '/' };
  }
  const { pathname, searchParams } = new URL(url, 'http://tribune.invalid');
  return { pathname, searchParams, decoded: decodePath(pathname) };
}

/**
 * The page's own parameters, in the order it names them, the first of each, without empty ones
 * (which it reads as absent); a page that names none keeps the query as it came.
 */
function pageQuery(reads: readonly string[] | undefined, searchParams: URLSearchParams): string {
  const query = reads
    ? new URLSearchParams(
        reads.flatMap((name) => {
          const value = searchParams.get(name);
          return value ? [[name, value]] : [];
        }),
      )
    : searchParams;
  return query.size > 0 ? `?${query}` : '';
}

function leavesOf(routes: RouteObject[], parent: string[]): Leaf[] {
  return routes.flatMap((route) => {
    const segments = [...parent, ...(route.path ?? '').split('/').filter(Boolean)];
    if (route.children) return leavesOf(route.children, segments);
    const pattern = segments
      .map((segment) =>
        segment === '*'
          ? '(?:/(.*))?'
          : segment.startsWith(':')
            ? '/([^/]+)'
            : `/${escape(segment)}`,
      )
      .join('');
    return [
      {
        id: route.id ?? '',
        segments,
        pattern: new RegExp(`^${pattern}/*$`, 'i'),
        query: (route.handle as RouteHandle | undefined)?.query,
      },
    ];
  });
}

/** As React Router ranks them: fixed paths, then those with parameters, the catch-all last. */
function rank(leaves: Leaf[]): Leaf[] {
  const weight = (leaf: Leaf) =>
    leaf.segments.includes('*') ? 2 : leaf.segments.some((s) => s.startsWith(':')) ? 1 : 0;
  return [...leaves].sort((a, b) => weight(a) - weight(b));
}

/** Each segment decoded, as React Router decodes a path before matching it. */
function decodePath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
}

function spelled(segments: string[], params: Record<string, string | undefined>): string {
  const path = segments
    .map((segment) =>
      segment.startsWith(':') ? encodeURIComponent(params[segment.slice(1)] ?? '') : segment,
    )
    .join('/');
  return `/${path}`;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
