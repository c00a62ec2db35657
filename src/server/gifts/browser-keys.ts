import { createHmac } from 'node:crypto';

/*
 * How a gift link counts the browsers that opened it, without accounts (decision 024): by the
 * site's visitor cookie (meter/visitor-cookie.ts), and, as a backstop for clients that drop
 * cookies, by the network address and user agent. Both are kept only as HMACs under the
 * server's secret that include the gift's id, so a browser cannot be followed from one gift to
 * another, nor from the table back to an address.
 */

function key(secret: string, giftId: number, what: string): string {
  return createHmac('sha256', secret).update(`gift-${giftId}:${what}`).digest('base64url');
}

export function browserKey(secret: string, giftId: number, visitorId: string): string {
  return key(secret, giftId, `browser:${visitorId}`);
}

export function networkKey(secret: string, giftId: number, ip: string, userAgent: string): string {
  return key(secret, giftId, `network:${ip}\n${userAgent}`);
}
