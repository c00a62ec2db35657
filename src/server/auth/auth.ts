import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '#server/config';
import type { DatabaseHandle } from '#server/db/database';
import { paths } from '#shared/paths';
import type { Mail } from '#server/mail/plugin';
import { accountLinkMail } from '#server/mail/templates';
import { endResetLinks, spentBefore, storedIdentifier } from './mailed-links.js';
import { hashPassword, verifyPassword } from './password.js';
import { countSignInAttempt, rememberSignIn } from './sign-in-attempts.js';

/** Sliding session: a week, renewed at most once a day while in use. */
const sessionSeconds = 7 * 24 * 60 * 60;
/**
 * The longest window of better-auth's own per-address limits (its defaults and the rules below):
 * its counters in rate_limit are swept once this old (rate-limit/sweep.ts).
 */
export const authRateLimitWindowSeconds = 60;

export const googleNotConfigured = 'Google sign-in is not configured on this server';

/**
 * better-auth over the app's own Kysely instance (one connection, one writer on SQLite), with
 * the spec's user fields. Sign-up over HTTP goes through POST /api/register, which validates
 * the spec's rules and the photo first; better-auth's own sign-up route is
 * not mounted (plugin.ts).
 */
export function createAuth(
  config: AppConfig,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  mail: Mail,
) {
  const secureCookies = config.publicUrl.startsWith('https:');
  return betterAuth({
    appName: 'Tribune',
    // Its messages go to the server's request log, not straight to stderr.
    logger: {
      level: 'warn',
      log: (level, message, ...args) => log[level]({ args }, `auth: ${message}`),
    },
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    // The origins listed in CORS_ORIGINS may sign in and out from their pages too.
    trustedOrigins: [config.publicUrl, ...config.corsOrigins],
    // A Google sign-in that fails before its own error address is known (a lost or forged
    // state) lands on the login page, which shows the error, rather than on better-auth's page.
    onAPIError: { errorURL: `${config.publicUrl}/login` },
    database: { db: database.db, type: database.dialect },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      password: {
        hash: hashPassword,
        verify: ({ hash, password }) => verifyPassword(hash, password),
      },
      // The link goes to the web app's page, which sends the token with the new password
      // (auth/password-reset.ts); better-auth's own link would pass through its redirect.
      sendResetPassword: async ({ user, token }) => {
        const url = `${config.publicUrl}${paths.resetPassword}?token=${encodeURIComponent(token)}`;
        await mail.send(database.db, accountLinkMail('password-reset', mail.site, user, url));
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: ({ user }) => endResetLinks(database.db, user.id),
    },
    // Tokens are kept hashed (mailed-links.ts).
    verification: { storeIdentifier: { hash: storedIdentifier } },
    // A link on registration (and on asking again, users/routes.ts). Until it is followed the
    // account may read and sign in but not post or pay (guards.ts requireVerifiedUser). The
    // link is better-auth's signed token, good for a day and spent once followed
    // (mailed-links.ts); it lands on My Profile.
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }) => {
        const url =
          `${config.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}` +
          `&callbackURL=${encodeURIComponent(paths.myProfile)}`;
        await mail.send(database.db, accountLinkMail('email-verification', mail.site, user, url));
      },
    },
    // Google through its OpenID Connect discovery document rather than better-auth's built-in
    // provider, whose addresses are fixed: the same code then runs against a local issuer in
    // tests. Sign-in still goes through /sign-in/social and /callback/google.
    plugins: config.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                discoveryUrl: config.google.discoveryUrl,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
    user: {
      additionalFields: {
        // input: false — nothing a browser sends can set these.
        isAdmin: { type: 'boolean', defaultValue: false, input: false, required: false },
        publishedArticles: { type: 'number', defaultValue: 0, input: false, required: false },
        premiumUntil: { type: 'date', input: false, required: false },
      },
    },
    session: { expiresIn: sessionSeconds, updateAge: 24 * 60 * 60 },
    rateLimit: {
      // Off outside production by default; on everywhere here, counted in the database so
      // every server process sees the same attempts.
      enabled: true,
      storage: 'database',
      window: authRateLimitWindowSeconds,
      max: 100,
      customRules: {
        '/sign-in/email': { window: authRateLimitWindowSeconds, max: 10 },
        '/sign-in/social': { window: authRateLimitWindowSeconds, max: 10 },
      },
    },
    advanced: {
      // better-auth skips its origin checks when NODE_ENV=test; the tests check what production
      // runs.
      disableOriginCheck: false,
      useSecureCookies: config.publicUrl.startsWith('https:'),
      // The Fastify bridge puts the client address (proxy-aware only when TRUST_PROXY is on)
      // in this header; anything the client sent under that name is overwritten.
      ipAddress: { ipAddressHeaders: ['x-tribune-client-ip'] },
      // Ids are made here rather than by the database, the same way on both engines.
      database: { generateId: () => randomUUID() },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-in/social' && !config.google) {
          throw new APIError('BAD_REQUEST', { message: googleNotConfigured });
        }
        if (ctx.path === '/sign-in/email') {
          await countSignInAttempt(database.db, ctx, secureCookies);
        }
        // A verification link followed before goes on with an empty token, which better-auth
        // answers as it answers a forged one, changing nothing.
        if (ctx.path === '/verify-email' && (await spentBefore(ctx.context, ctx.query?.token))) {
          return { context: { query: { ...ctx.query, token: '' } } };
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        // A successful sign-in (or registration) clears the failures it counted and makes
        // this browser a trusted device of the account.
        const signedIn = ctx.path === '/sign-in/email' || ctx.path === '/sign-up/email';
        if (signedIn && ctx.context.newSession) {
          await rememberSignIn(database.db, ctx, ctx.context.newSession.user.email, secureCookies);
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
