import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import { errorStatus } from '../errors.js';
import { createAuth, type Auth } from './auth.js';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
}

/** What better-auth's own limiter says; replaced by a message that tells people what to do. */
const genericRateLimitMessage = 'Too many requests. Please try again later.';

/**
 * Mounts better-auth at /api/auth. Requests are handed over as web Requests; answers come back
 * with every Set-Cookie intact, and errors reshaped to the API's `{ error, message }`.
 */
export const authPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const auth = createAuth(config, app.database, app.log);
    app.decorate('auth', auth);

    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const response = await auth.handler(toWebRequest(request, config.publicUrl));
        return sendWebResponse(reply, response);
      },
    });
  },
  { name: 'auth', dependencies: ['database'] },
);

function toWebRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // request.ip honours X-Forwarded-For only when TRUST_PROXY is on; see auth.ts.
  headers.set('x-tribune-client-ip', request.ip);
  const hasBody =
    request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(new URL(request.url, publicUrl), {
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
