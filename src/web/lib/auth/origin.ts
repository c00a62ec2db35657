import type { Location } from 'react-router';

/** Navigation state naming the page a visitor was on before being asked to sign in. */
export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** True for a path on this site ("/x"), false for anything that could lead elsewhere ("//x"). */
export function isLocalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
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
