import { APIError } from 'better-auth/api';
import { emailSchema } from '#shared/accounts';
import type { Db } from '#server/db/database';
import { consumeAttempt, forgetAttempts } from '#server/rate-limit/attempts';
import { issueDeviceCookie, trustedDevice, type SignedCookies } from './device-cookie.js';
import { rateLimits } from '#shared/rules/limits';

export const accountLockedMessage =
  'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.';
export const deviceLockedMessage =
  'Too many failed sign-in attempts from this browser. Please wait 15 minutes and try again.';

export interface SignInContext extends SignedCookies {
  body?: unknown;
}

/**
 * Before POST /api/auth/sign-in/email. The email must be one (the registration rules: the
 * pattern, at most 254 characters), else 400 before anything is counted. Then the attempt is
 * counted: against the device's own budget when the browser holds a valid device cookie for
 * this account, else against the budget all untrusted sign-ins to the account share. Either
 * refuses with 429 once spent; the device's budget is not touched by others' failures.
 * (better-auth's limit of 10 a minute per address applies to both.)
 */
export async function countSignInAttempt(
  db: Db,
  ctx: SignInContext,
  secure: boolean,
): Promise<void> {
  const parsed = emailSchema.safeParse((ctx.body as { email?: unknown } | undefined)?.email);
  if (!parsed.success) {
    throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]?.message });
  }
  const email = parsed.data;
  const device = await trustedDevice(ctx, email, secure);
  if (device) {
    if (!(await consumeAttempt(db, 'sign-in-device', device, rateLimits.signInPerDevice))) {
      throw new APIError('TOO_MANY_REQUESTS', { message: deviceLockedMessage });
    }
    return;
  }
  if (!(await consumeAttempt(db, 'sign-in', email, rateLimits.signInPerAccount))) {
    throw new APIError('TOO_MANY_REQUESTS', { message: accountLockedMessage });
  }
}

/**
 * After a successful sign-in (or registration) to `email`: the budget this sign-in drew on is
 * cleared (the device's, or the untrusted one's: a device's success leaves a running lockout
 * of others in place, so the owner signing in does not give a guesser new tries), and the
 * browser gets a fresh device cookie for the account.
 */
export async function rememberSignIn(
  db: Db,
  ctx: SignedCookies,
  email: string,
  secure: boolean,
): Promise<void> {
  const device = await trustedDevice(ctx, email, secure);
  if (device) await forgetAttempts(db, 'sign-in-device', device);
  else await forgetAttempts(db, 'sign-in', email.toLowerCase());
  await issueDeviceCookie(ctx, email, secure);
}
