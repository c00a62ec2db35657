import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes requests from anywhere, another site included: it proves the caller by
     * other means (Stripe's webhook checks the signature of its body). Nothing else sets this.
     */
    acceptsCrossSite?: boolean;
  }
}

/** Methods that change nothing; every other method is held to the CSRF guard. */
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What Stripe.js needs (Stripe's published CSP list): its script, its card frames, its API. */
const stripeSources = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/** Sets the security headers on a response, then calls `next`. */
export type SecurityHeaders = (
  request: IncomingMessage,
  response: ServerResponse,
  next: (err?: unknown) => void,
) => void;

/**
 * The security headers every answer carries; Stripe's hosts are let in only when Stripe takes
 * the payments. Made once: the headers are the same for every answer. (The Fastify wrapper,
 * @fastify/helmet, made helmet's middleware anew for every request, parsing the policy each
 * time.)
 */
export function securityHeadersFor(
  publicUrl: string,
  options: { stripe: boolean },
): SecurityHeaders {
  const stripe = (sources: string[]) => (options.stripe ? sources : []);
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe(stripeSources.script)],
        frameSrc: ["'self'", ...stripe(stripeSources.frame)],
        // Toasts and dialogs set inline styles at run time; scripts stay locked to our origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...stripe(stripeSources.connect)],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: publicUrl.startsWith('https:') ? [] : null,
      },
    },
    // The app shows images from other hosts (S3 buckets, the image host).
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: publicUrl.startsWith('https:'),
  });
}

/**
 * Security headers on every answer, no shared caching of the API's, and a CSRF guard: every
 * state-changing request must come from our own origin or one listed in CORS_ORIGINS,
 * better-auth's routes included.
 */
export function installSecurity(
  app: FastifyInstance,
  publicUrl: string,
  options: { securityHeaders: SecurityHeaders; corsOrigins: readonly string[] },
): void {
  const { securityHeaders } = options;
  app.addHook('onRequest', (request, reply, done) => {
    // An API answer depends on who asks (a premium reader's text, a user's own record) and is
    // never for a cache between us and the reader, nor for the browser's: each says so, unless
    // its route says otherwise. The route's pattern, not the URL, whatever spelling reached it.
    if (request.routeOptions.url?.startsWith('/api/')) reply.header('cache-control', 'no-store');
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });

  const ownOrigin = new URL(publicUrl).origin;
  // Listing an origin is what lets its pages call with the user's cookie (see cors.ts).
  const listedOrigins = new Set(options.corsOrigins);
  // The guard decides on the method alone, never on the path: a path can be spelled in many
  // ways that route to the same handler (`/%61pi/users/1` is `/api/users/1`), and a check of
  // the raw URL lets them through. Routing has run before onRequest, so a route's own config
  // is known here whatever spelling reached it.
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method) || request.routeOptions.config.acceptsCrossSite) return;
    const origin = request.headers.origin;
    if (origin !== undefined && listedOrigins.has(origin)) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') {
      throw new AppError('forbidden', 'Cross-site requests are not allowed');
    }
    // A form our own page posts says `Origin: null` under `Referrer-Policy: no-referrer`, which
    // every page has; the browser's own Sec-Fetch-Site, which no page can set, says where it
    // came from.
    if (origin === 'null' && site === 'same-origin') return;
    if (origin && origin !== ownOrigin && origin !== `${request.protocol}://${request.host}`) {
      throw new AppError('forbidden', 'Requests from another site are not allowed');
    }
  });
}
