import { createHmac } from 'node:crypto';
import type { MeteredReadTable } from '#server/db/schema';

/** Whom a metered read is counted for: an account, a visitor cookie, or a network and browser. */
export type ReaderKind = MeteredReadTable['readerKind'];

export interface ReaderKey {
  kind: ReaderKind;
  /** HMAC-SHA256 of what names the reader, under the server's secret: nothing readable kept. */
  hash: string;
}

/** The key a reader of `kind` is counted under, made from what names them (`value`). */
export function readerKey(secret: string, kind: ReaderKind, value: string): ReaderKey {
  const hash = createHmac('sha256', secret).update(`meter-${kind}:${value}`).digest('base64url');
  return { kind, hash };
}

/**
 * The backstop of a guest who drops cookies: the network address as the server sees it (after
 * TRUST_PROXY) and the user agent, for one month, so the key changes every month and cannot be
 * followed from one to the next.
 */
export function networkKey(secret: string, ip: string, userAgent: string, month: string) {
  return readerKey(secret, 'network', `${month}\n${ip}\n${userAgent}`);
}
