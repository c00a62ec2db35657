const thisSite = 'http://tribune.invalid';

/**
 * A path on this site as the browser will resolve it ("/x?y#z", percent-encoded), or null for
 * anything that could lead elsewhere ("//x", "https://x", "/\\x", which browsers read as "//x").
 * The answer is the parsed path, never the text as given: tabs and line breaks are dropped and
 * control bytes and non-ASCII letters encoded, so it is safe in a `Location` header.
 */
export function localPath(path: string): string | null {
  if (!path.startsWith('/')) return null;
  try {
    const url = new URL(path, thisSite);
    return url.origin === thisSite ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** The sign-in and registration pages themselves: never a place to return to after them. */
export function isAuthPage(path: string): boolean {
  return /^\/(login|register)\/?([?#]|$)/i.test(path);
}

/**
 * Where to go after signing in or registering: the local path `from` names, else the home page.
 * Never back to the login or register page itself.
 */
export function returnPath(from: string | null | undefined): string {
  const path = localPath(from ?? '');
  return path && !isAuthPage(path) ? path : '/';
}
