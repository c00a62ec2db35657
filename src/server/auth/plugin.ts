import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '#server/config';
import { accountMessages } from '#shared/accounts';
import { signInEmailBody, signInSocialBody, signOutBody } from '#shared/api/sign-in';
import { AppError, errorStatus } from '#server/errors';
import { createAuth, type Auth } from './auth.js';
import { endAgedSession } from './session-age.js';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
}

/** What better-auth's own limiter says; replaced by a message that tells people what to do. */
const genericRateLimitMessage = 'Too many requests. Please try again later.';

/**
 * Mounts the better-auth routes the web app uses at /api/auth, and no others: every other path
 * of better-auth's (update-user, change-email, delete-user, list-sessions, …) answers 404, as
 * its sign-up does. Profiles change through PATCH /api/users/me and accounts are made by
 * POST /api/register, which hold the spec's rules. Requests are handed over as web Requests for
 * the route's own path, whatever spelling reached it, once a session past the 30-day limit has
 * been ended; answers come back with every Set-Cookie intact, and errors reshaped to the API's
 * `{ error, message }`.
 */
export const authPlugin = fp<{ config: AppConfig }>(
  async (fastify, { config }) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const auth = createAuth(config, app.database, app.log, app.mail);
    app.decorate('auth', auth);

    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      await endAgedSession(app.database.db, request.headers.cookie);
      const response = await auth.handler(toWebRequest(request, config.publicUrl));
      return sendWebResponse(reply, response);
    };
    const hidden = { hide: true };
    app.get('/api/auth/get-session', { schema: hidden }, forward);
    // The sign-in form shows the message as it is, so it says what the registration form says,
    // without the field name the API's other validation errors start with.
    app.post(
      '/api/auth/sign-in/email',
      { schema: { ...hidden, body: signInEmailBody }, attachValidation: true },
      (request, reply) => {
        const refused = request.validationError?.validation[0];
        if (request.validationError) {
          throw new AppError('bad_request', refused?.message ?? accountMessages.emailRequired);
        }
        return forward(request, reply);
      },
    );
    app.post('/api/auth/sign-out', { schema: { ...hidden, body: signOutBody } }, forward);
    app.post(
      '/api/auth/sign-in/social',
      { schema: { ...hidden, body: signInSocialBody } },
      forward,
    );
    // The mailed verification link (auth.ts): checks its token, then redirects to My Profile.
    app.get(
      '/api/auth/verify-email',
      {
        schema: {
          ...hidden,
          querystring: z.object({
            token: z.string().max(2048),
            callbackURL: z.string().max(2048).optional(),
          }),
        },
      },
      forward,
    );
    // Where Google sends the browser back with its code.
    if (config.google) app.get('/api/auth/callback/google', { schema: hidden }, forward);
  },
  { name: 'auth', dependencies: ['database', 'mail'] },
);

function toWebRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    // The body is sent again as JSON below, so its length may differ.
    if (value === undefined || name === 'content-length') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // request.ip honours X-Forwarded-For only when TRUST_PROXY is on; see auth.ts.
  headers.set('x-tribune-client-ip', request.ip);
  const hasBody =
    request.method !== 'GET' &&
    request.method !== 'HEAD' &&
    request.body !== undefined &&
    request.body !== null;
  // The route's own path (these routes have no parameters), not the URL as spelled: better-auth
  // reads the path again and must see the route that was checked.
  const url = new URL(request.routeOptions.url ?? '', publicUrl);
  const query = request.url.indexOf('?');
  if (query >= 0) url.search = request.url.slice(query);
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<unknown> {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status < 400) return reply.send(text.length > 0 ? text : null);
  return reply.send(errorBody(response.status, text));
}

/** better-auth answers `{ code?, message }`; the API's errors are `{ error, message }`. */
function errorBody(status: number, text: string): { error: string; message: string } {
  let parsed: { code?: unknown; message?: unknown } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // Not JSON: the status alone speaks.
  }
  const fallbackCode = Object.entries(errorStatus).find(([, s]) => s === status)?.[0] ?? 'internal';
  const code = typeof parsed.code === 'string' && parsed.code ? parsed.code : fallbackCode;
  let message =
    typeof parsed.message === 'string' && parsed.message ? parsed.message : 'The request failed';
  if (message === genericRateLimitMessage)
    message = 'Too many attempts. Please wait a minute and try again.';
  return { error: code, message };
}
