import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '#server/errors';
import { isPastAbsoluteLimit, sessionCookieName } from './session-age.js';
import { isPremiumAt } from '#shared/rules/premium';
import { verificationMessages } from '#shared/accounts';

/** The signed-in caller of a request, as the server knows them (the web app's is `SessionUser`). */
export interface Caller {
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

const sessionsRead = new WeakMap<FastifyRequest, Promise<Caller | null>>();

/**
 * The signed-in user, or null for a guest. Reads the session cookie through better-auth, once per
 * request: a route's access hook (`mustBe`) and its handler ask for the same answer.
 */
export function currentUser(request: FastifyRequest): Promise<Caller | null> {
  let read = sessionsRead.get(request);
  if (!read) {
    read = readSession(request);
    sessionsRead.set(request, read);
  }
  return read;
}

async function readSession(request: FastifyRequest): Promise<Caller | null> {
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

export async function requireUser(request: FastifyRequest): Promise<Caller> {
  const user = await currentUser(request);
  if (!user) throw new AppError('unauthorized', 'Please log in first');
  return user;
}

/** Posting and paying need an address shown to be the user's: mail about them must reach them. */
export async function requireVerifiedUser(request: FastifyRequest): Promise<Caller> {
  const user = await requireUser(request);
  if (!user.emailVerified) throw new AppError('email_unverified', verificationMessages.required);
  return user;
}

export async function requireAdmin(request: FastifyRequest): Promise<Caller> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw new AppError('forbidden', 'You are not an admin');
  return user;
}

/**
 * Who may call a route, as its `onRequest` hook: the caller is refused before the body or query
 * is read or validated, so a guest hears 401 and a reader 403 on an admin's route whatever they
 * sent, and the server parses nothing for them. Handlers that need the caller ask the guard
 * again (`requireUser`...), which answers from the same session read.
 */
export const mustBe = {
  signedIn: async (request) => {
    await requireUser(request);
  },
  verified: async (request) => {
    await requireVerifiedUser(request);
  },
  admin: async (request) => {
    await requireAdmin(request);
  },
} satisfies Record<string, onRequestAsyncHookHandler>;
