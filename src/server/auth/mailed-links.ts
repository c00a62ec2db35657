import { createHash } from 'node:crypto';
import type { AuthContext } from 'better-auth';
import { verifyJWT } from 'better-auth/crypto';
import type { Db } from '#server/db/database';

/** A reset link's row in `verification`: this and its token's hash; its value, the account's id. */
const resetKind = 'reset-password:';
/** A verification link's token once followed: this and its hash, kept until the token expires. */
const spentVerificationKind = 'verify-email-spent:';

/**
 * How better-auth stores a `verification` row's identifier (`verification.storeIdentifier`): its
 * kind, up to the first colon, as it is, and the rest (the token a mailed link carries) as its
 * SHA-256. better-auth hashes the identifier it is given before every lookup, so a link still
 * finds its row, but the table holds nothing a link could be made from; the kind lets an
 * account's reset rows be found.
 */
export function storedIdentifier(identifier: string): Promise<string> {
  const kind = identifier.slice(0, identifier.indexOf(':') + 1);
  const token = identifier.slice(kind.length);
  return Promise.resolve(kind + createHash('sha256').update(token).digest('base64url'));
}

/** Once one reset link of an account is used, the others it was sent end with it. */
export async function endResetLinks(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('verification')
    .where('identifier', 'like', `${resetKind}%`)
    .where('value', '=', userId)
    .execute();
}

/**
 * better-auth's verification token is a signed JWT, which it would take again and again until it
 * expires. Its first use is recorded (first writer wins, on both engines); answers whether the
 * token was recorded before, when better-auth must refuse it whatever the account's address has
 * become since. A token that does not verify records nothing: better-auth refuses it anyway.
 */
export async function spentBefore(context: AuthContext, token: unknown): Promise<boolean> {
  if (typeof token !== 'string') return false;
  const payload = await verifyJWT<{ exp?: number; userId?: string; email?: string }>(
    token,
    context.secret,
  );
  if (!payload?.exp) return false;
  const first = await context.internalAdapter.reserveVerificationValue({
    identifier: spentVerificationKind + token,
    value: payload.userId ?? payload.email ?? '',
    expiresAt: new Date(payload.exp * 1000),
  });
  return !first;
}
