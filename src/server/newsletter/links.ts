import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A subscriber's own link token, for the preferences page and unsubscribing from any newsletter
 * without signing in: the subscriber's id and an HMAC of it under the server's secret, so it
 * needs no row of its own and cannot be made for another id. It never expires: a newsletter
 * read a year later must still let its reader leave.
 */
export function subscriberToken(secret: string, subscriberId: number): string {
  return `${subscriberId}.${signature(secret, subscriberId)}`;
}

/** The subscriber id a token was made for, or undefined for any token we did not make. */
export function subscriberIdOf(secret: string, token: string): number | undefined {
  const match = /^([1-9]\d{0,15})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const id = Number(match[1]);
  const expected = Buffer.from(signature(secret, id));
  const given = Buffer.from(match[2]!);
  return timingSafeEqual(expected, given) ? id : undefined;
}

function signature(secret: string, subscriberId: number): string {
  return createHmac('sha256', secret)
    .update(`newsletter-subscriber:${subscriberId}`)
    .digest('base64url');
}
