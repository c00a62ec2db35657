import type { Location } from 'react-router';
import { returnPath } from '#shared/local-path';
import type { paths } from '#shared/paths';

/** Navigation state naming the page a visitor was on before being asked to sign in. */
export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/**
 * Where to go after signing in or registering: the page named in the navigation state, or the
 * home page. Never back to the login or register page itself.
 */
export function originPath(state: unknown): string {
  const from = (state as FromState | null | undefined)?.from;
  if (!from || typeof from.pathname !== 'string') return '/';
  return returnPath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`);
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
  return from ? returnPath(from) : originPath(location.state);
}

/** The login or register page's address, remembering the page to return to. */
export function withOrigin(page: typeof paths.login | typeof paths.register, from: string): string {
  return from === '/' ? page : `${page}?${new URLSearchParams({ [fromParam]: from })}`;
}
