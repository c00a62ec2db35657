import { createHash, randomBytes } from 'node:crypto';

/**
 * OWASP's device cookie (docs/decisions/003-sign-in-lockout.md): a browser that signed in to an
 * account keeps a cookie naming that account, signed with the auth secret (HMAC-SHA256, by
 * better-auth's signed-cookie helpers). Its sign-ins to that account are counted per device,
 * apart from the failures of everyone else.
 */
export const deviceCookieName = 'tribune.device';

/** How long a device stays trusted after its last successful sign-in. */
export const deviceCookieSeconds = 365 * 24 * 60 * 60;

/** What better-auth's hook context offers for signed cookies (better-call's helpers). */
export interface SignedCookies {
  getSignedCookie(key: string, secret: string, prefix?: 'secure'): Promise<string | false | null>;
  setSignedCookie(
    key: string,
    value: string,
    secret: string,
    options?: {
      httpOnly?: boolean;
      secure?: boolean;
      sameSite?: 'strict' | 'lax' | 'none';
      path?: string;
      maxAge?: number;
      prefix?: 'secure';
    },
  ): Promise<string>;
  context: { secret: string };
}

/** `account:nonce:issued`: the SHA-256 of the lower-case email, 16 random bytes, seconds. */
const valuePattern = /^([\w-]{43}):([\w-]{22}):(\d{1,12})$/;

const accountOf = (email: string) =>
  createHash('sha256').update(email.toLowerCase()).digest('base64url');

/**
 * The device's nonce when the request carries a valid device cookie for this account: signed
 * with our secret, naming this email, issued less than a year ago. Anything else (no cookie, a
 * forged or altered one, another account's, an old one) answers null: the sign-in is untrusted.
 */
export async function trustedDevice(
  ctx: SignedCookies,
  email: string,
  secure: boolean,
  now = Date.now(),
): Promise<string | null> {
  const value = await ctx.getSignedCookie(
    deviceCookieName,
    ctx.context.secret,
    secure ? 'secure' : undefined,
  );
  const match = typeof value === 'string' ? valuePattern.exec(value) : null;
  if (!match || match[1] !== accountOf(email)) return null;
  const ageSeconds = now / 1000 - Number(match[3]);
  if (ageSeconds < 0 || ageSeconds > deviceCookieSeconds) return null;
  return match[2] ?? null;
}

/**
 * Gives the browser a new device cookie for this account (after a successful sign-in). Only
 * the sign-in route receives it, never from another site (SameSite=Strict), never to scripts.
 */
export async function issueDeviceCookie(
  ctx: SignedCookies,
  email: string,
  secure: boolean,
  now = Date.now(),
): Promise<void> {
  const nonce = randomBytes(16).toString('base64url');
  const issued = Math.floor(now / 1000);
  await ctx.setSignedCookie(
    deviceCookieName,
    `${accountOf(email)}:${nonce}:${issued}`,
    ctx.context.secret,
    {
      httpOnly: true,
      secure,
      sameSite: 'strict',
      path: '/api/auth/sign-in',
      maxAge: deviceCookieSeconds,
      prefix: secure ? 'secure' : undefined,
    },
  );
}
