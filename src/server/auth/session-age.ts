import type { Db } from '#server/db/database';

/** Sessions end this long after sign-in whatever their activity (the sliding week renews). */
const absoluteSessionMs = 30 * 24 * 60 * 60 * 1000;

/** better-auth's session cookie, `better-auth.session_token` (`__Secure-` on HTTPS). */
export const sessionCookieName = 'better-auth.session_token';

/**
 * Read against the real time, not app.clock(): better-auth dates and slides sessions by the real
 * time, and a test's clock moved a year on to end a plan must not end its sessions too.
 */
export function isPastAbsoluteLimit(createdAt: Date | string): boolean {
  return Date.now() - new Date(createdAt).getTime() > absoluteSessionMs;
}

/**
 * Before better-auth answers a request of its own (get-session, sign-out, …), the session the
 * cookie names is deleted when it began more than 30 days ago, so better-auth finds none: it
 * answers as for a guest and clears the cookie. Our own routes hold the same limit in
 * `currentUser`. The cookie's value is `<token>.<signature>`; the signature need not be checked
 * to delete an aged session, since only the holder of the token can name it.
 */
export async function endAgedSession(db: Db, cookieHeader: string | undefined): Promise<void> {
  const token = sessionToken(cookieHeader);
  if (!token) return;
  const session = await db
    .selectFrom('session')
    .select(['id', 'createdAt'])
    .where('token', '=', token)
    .executeTakeFirst();
  if (session && isPastAbsoluteLimit(session.createdAt)) {
    await db.deleteFrom('session').where('id', '=', session.id).execute();
  }
}

function sessionToken(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader?.includes(sessionCookieName)) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    if (name !== sessionCookieName && name !== `__Secure-${sessionCookieName}`) continue;
    let value = pair.slice(separator + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      return undefined;
    }
    const token = value.split('.')[0];
    if (token) return token;
  }
  return undefined;
}
