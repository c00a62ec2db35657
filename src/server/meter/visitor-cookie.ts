import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse, serialize } from 'cookie';

/**
 * A guest's visitor cookie, under which the meter counts their reads (decision 023): a random
 * id and an HMAC of it under the server's secret, as the newsletter's links are signed, so no
 * one can make one up for another id. First-party and for this site's pages and API only: sent
 * with a link followed from elsewhere (SameSite=Lax) but never to scripts; over https only when
 * the site is https.
 */
export const visitorCookieName = 'tribune.visitor';

/** A year: the meter counts by the month, and a returning guest keeps the same id. */
const visitorCookieSeconds = 365 * 24 * 60 * 60;

/** The visitor id in the request's cookie, or null when there is none or it is not ours. */
export function visitorIdOf(secret: string, cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  const value = parse(cookieHeader)[visitorCookieName];
  const match = value ? /^([\w-]{22})\.([\w-]{43})$/.exec(value) : null;
  if (!match) return null;
  const expected = Buffer.from(signature(secret, match[1]!));
  return timingSafeEqual(expected, Buffer.from(match[2]!)) ? match[1]! : null;
}

/** A new visitor id and the Set-Cookie header that gives it to the browser. */
export function newVisitorCookie(secret: string, secure: boolean): { id: string; header: string } {
  const id = randomBytes(16).toString('base64url');
  const header = serialize(visitorCookieName, `${id}.${signature(secret, id)}`, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: visitorCookieSeconds,
  });
  return { id, header };
}

function signature(secret: string, id: string): string {
  return createHmac('sha256', secret).update(`visitor:${id}`).digest('base64url');
}
