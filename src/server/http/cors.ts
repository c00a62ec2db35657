import type { FastifyInstance } from 'fastify';

/** What a listed origin may send: any method the API has, and JSON bodies. */
const allowedMethods = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const allowedHeaders = 'Content-Type';
/** Besides the simple headers, another site's script may read the lists' totals. */
const exposedHeaders = 'X-Total-Count';
/** How long a browser may reuse a preflight's answer. */
const preflightSeconds = 600;

/**
 * Cross-origin reads and calls (CORS):
 *
 * - Anyone may read. Every GET and HEAD answers `Access-Control-Allow-Origin: *`, which browsers
 *   honour only for requests sent without cookies: another site's page sees what a guest sees,
 *   which is what any script off the browser could fetch anyway. Deciding by method rather than
 *   by a list of public routes keeps every new public read (a feed, an image) open too.
 * - The origins listed in CORS_ORIGINS may also call with the user's cookie, with any method:
 *   their origin is echoed with `Access-Control-Allow-Credentials: true`, and the CSRF guard
 *   lets their state-changing requests through (security.ts). No other origin gets either.
 * - Preflights (OPTIONS, any path) answer 204: with the allowed methods and headers for a listed
 *   origin; for any other, only a read's (GET or HEAD, without cookies) may go on, so another
 *   site's script may read with a JSON Content-Type, and no other call is sent.
 *
 * When origins are listed, answers differ by Origin, and every answer says `Vary: Origin` so a
 * cache does not hand one origin's answer to another.
 */
export function installCors(app: FastifyInstance, corsOrigins: readonly string[]): void {
  const listed = new Set(corsOrigins);
  app.addHook('onRequest', async (request, reply) => {
    if (listed.size > 0) reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    const trusted = origin !== undefined && listed.has(origin);
    if (trusted) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      reply.header('access-control-expose-headers', exposedHeaders);
    } else if (request.method === 'GET' || request.method === 'HEAD') {
      reply.header('access-control-allow-origin', '*');
      reply.header('access-control-expose-headers', exposedHeaders);
    }
    if (request.method !== 'OPTIONS') return;
    const asked = request.headers['access-control-request-method'];
    if (trusted) {
      reply.header('access-control-allow-methods', allowedMethods);
    } else if (asked === 'GET' || asked === 'HEAD') {
      reply.header('access-control-allow-origin', '*');
      reply.header('access-control-allow-methods', 'GET, HEAD');
    } else {
      return reply.code(204).send();
    }
    reply.header('access-control-allow-headers', allowedHeaders);
    reply.header('access-control-max-age', String(preflightSeconds));
    return reply.code(204).send();
  });
}
