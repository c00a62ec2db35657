import { createHash, createHmac } from 'node:crypto';

/**
 * A visitor of one day: SHA-256 of the day's salt, the address, the user agent and the site. The
 * salt is random and deleted after two days, so the hash cannot be turned back into the address,
 * nor a visitor followed from one day to the next.
 */
export function visitorHash(salt: string, ip: string, userAgent: string, site: string): string {
  return createHash('sha256').update(`${salt}\n${ip}\n${userAgent}\n${site}`).digest('base64url');
}

/**
 * A signed-in reader, for the funnel's attribution: an HMAC of their id under the server's
 * secret, the same every day (a subscription a week after the wall still finds it), never their
 * address.
 */
export function readerHash(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`analytics-reader:${userId}`).digest('base64url');
}
