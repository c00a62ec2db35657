import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What Stripe.js needs (Stripe's published CSP list): its script, its card frames, its API. */
const stripeSources = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * Security headers, and a CSRF guard for the API. better-auth checks origins on /api/auth
 * itself; every other state-changing request must come from our own origin. Stripe's hosts are
 * let in only when Stripe takes the payments.
 */
export function installSecurity(
  app: FastifyInstance,
  publicUrl: string,
  options: { stripe: boolean },
): void {
  const stripe = (sources: string[]) => (options.stripe ? sources : []);
  // helmet's middleware is made once: the headers are the same for every answer. (The Fastify
  // wrapper, @fastify/helmet, made it anew for every request, parsing the policy each time.)
  const securityHeaders = helmet({
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
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });

  const ownOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!unsafeMethods.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.url.startsWith('/api/auth/')) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError('forbidden', 'Cross-site requests are not allowed');
    }
    const origin = request.headers.origin;
    if (origin && origin !== ownOrigin && origin !== `${request.protocol}://${request.host}`) {
      throw new AppError('forbidden', 'Requests from another site are not allowed');
    }
  });
}
