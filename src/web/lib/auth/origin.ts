import type { Location } from 'react-router';
import type { paths } from '#shared/paths';

/** Navigation state naming the page a visitor was on before being asked to sign in. */
export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

const thisSite = 'http://tribune.invalid';

/**
 * True for a path on this site ("/x"), false for anything that could lead elsewhere ("//x"). The
 * path is resolved as the browser will resolve it, which reads "/\\x" as "//x" and drops tabs and
 * line breaks ("/\t/x"), rather than by looking at its first characters.
 */
export function isLocalPath(path: string): boolean {
  if (!path.startsWith('/')) return false;
  try {
    return new URL(path, thisSite).origin === thisSite;
  } catch {
    return false;
  }
}

/**
 * Where to go after signing in or registering: the page named in the navigation state, or the
 * home page. Never back to the login or register page itself.
 */
export function originPath(state: unknown): string {
  const from = (state as FromState | null | undefined)?.from;
  if (!from || typeof from.pathname !== 'string') return '/';
  const path = `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  if (!isLocalPath(path) || /^\/(login|register)\/?$/.test(from.pathname)) return '/';
  return path;
}

/** The query parameter that names the page to return to after signing in. */
export const fromParam = 'from';

/**
 * Where to go after signing in or registering: the page in the address's `from` (where the
 * server's redirect of a guest and Google's return put it), else the one in the navigation
 * state, else the home page.
 */
export function originOf(location: { search: string; state: unknown }): string {
  const from = new URLSearchParams(location.search).get(fromParam);
  if (from && isLocalPath(from) && !/^\/(login|register)\/?([?#]|$)/.test(from)) return from;
  return originPath(location.state);
}

/** The login or register page's address, remembering the page to return to. */
export function withOrigin(page: typeof paths.login | typeof paths.register, from: string): string {
  return from === '/' ? page : `${page}?${new URLSearchParams({ [fromParam]: from })}`;
}
