import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { isPastAbsoluteLimit, sessionCookieName } from './session-age.js';
import { isPremiumAt } from '#shared/rules/premium';
import { verificationMessages } from '#shared/accounts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  /** Whether the address is theirs (its link followed, or Google said so). */
  emailVerified: boolean;
  isAdmin: boolean;
  /** Whether premium access runs now (admins aside: see `mayReadPremium`). */
  isPremium: boolean;
}

/** The signed-in user, or null for a guest. Reads the session cookie through better-auth. */
export async function currentUser(request: FastifyRequest): Promise<SessionUser | null> {
  const cookie = request.headers.cookie;
  // Most readers are guests: without a session cookie there is nothing for better-auth to look
  // up, and asking it anyway costs a large share of a public list request.
  if (!cookie?.includes(`${sessionCookieName}=`)) return null;
  const headers = new Headers();
  headers.set('cookie', cookie);
  const session = await request.server.auth.api.getSession({ headers });
  if (!session) return null;
  if (isPastAbsoluteLimit(session.session.createdAt)) {
    await request.server.auth.api.revokeSession({
      headers,
      body: { token: session.session.token },
    });
    return null;
  }
  const user = session.user;
  // Premium is derived from the stored expiry at every request; nothing else grants it.
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    image: user.image ?? null,
    emailVerified: Boolean(user.emailVerified),
    isAdmin: Boolean(user.isAdmin),
    isPremium: isPremiumAt(user.premiumUntil, request.server.clock()),
  };
}

export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await currentUser(request);
  if (!user) throw new AppError('unauthorized', 'Please log in first');
  return user;
}

/** Posting and paying need an address shown to be the user's: mail about them must reach them. */
export async function requireVerifiedUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.emailVerified) throw new AppError('email_unverified', verificationMessages.required);
  return user;
}

export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw new AppError('forbidden', 'You are not an admin');
  return user;
}
