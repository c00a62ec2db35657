import { APIError } from 'better-auth/api';
import { emailSchema } from '../../shared/accounts.js';
import type { Db } from '../db/database.js';
import { consumeAttempt, forgetAttempts } from './attempts.js';

/** Failed sign-ins allowed per account in the window, whatever address they come from. */
export const accountSignInLimit = { max: 5, windowSeconds: 15 * 60 };

export const accountLockedMessage =
  'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.';

/**
 * Before POST /api/auth/sign-in/email: the email must be one (the registration rules: the
 * pattern, at most 254 characters), else 400 before anything is counted; then the attempt is
 * counted against the account's budget, under the hash of the lower-case email.
 */
export async function countSignInAttempt(db: Db, body: unknown): Promise<void> {
  const parsed = emailSchema.safeParse((body as { email?: unknown } | undefined)?.email);
  if (!parsed.success) {
    throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]?.message });
  }
  if (!(await consumeAttempt(db, 'sign-in', parsed.data, accountSignInLimit))) {
    throw new APIError('TOO_MANY_REQUESTS', { message: accountLockedMessage });
  }
}

/** After a successful sign-in: the account's failed attempts are forgotten. */
export async function forgetSignInAttempts(db: Db, email: string): Promise<void> {
  await forgetAttempts(db, 'sign-in', email.toLowerCase());
}
