import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/*
 * A gift link's token: 128 random bits, base64url, carrying nothing (no user, no article). The
 * database keeps its SHA-256, which an opening looks it up by, and the token sealed with
 * AES-256-GCM under a key derived from the server's secret, so that sharing the same article
 * again gives its giver the same link: a copy of the database alone opens no gift.
 */

export function newGiftToken(): string {
  return randomBytes(16).toString('base64url');
}

/** What the database looks a token up by. */
export function giftTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function sealingKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('gift-token-seal').digest();
}

/** The token sealed for the database: nonce, tag and ciphertext, base64url. */
export function sealGiftToken(secret: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The token back, or null when it was sealed under another secret (or altered). */
export function unsealGiftToken(secret: string, sealed: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
