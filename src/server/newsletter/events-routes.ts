import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/api-error';
import { fieldMessage } from '#shared/api-error';
import { newsletterEventsAnswerSchema, newsletterEventsSchema } from '#shared/api/newsletter-ops';
import { AppError } from '#server/errors';
import { noticeAdminsOfStop } from './stop-notice.js';
import { applyNewsletterEvents } from './suppression.js';

/** How far a signed call's timestamp may be from now: an older one is a replay. */
export const eventsToleranceMs = 5 * 60_000;
/** Reports come in batches; a larger body is no mail service's. */
const bodyLimit = 512 * 1024;

export const eventsMessages = {
  badSignature: 'The webhook signature is missing or does not match',
  staleTimestamp: 'The webhook timestamp is missing or more than 5 minutes away from now',
  notJson: 'The webhook body must be JSON',
} as const;

/**
 * Whether `header` is `sha256=` and the hex HMAC-SHA256, under `secret`, of the timestamp, a dot
 * and the raw body, compared in constant time. The timestamp is signed so that it cannot be
 * changed to replay an old call.
 */
function signatureHolds(secret: string, timestamp: string, body: Buffer, header: string): boolean {
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  return match !== null && timingSafeEqual(Buffer.from(match[1]!, 'hex'), expected);
}

const header = (value: string | string[] | undefined) =>
  typeof value === 'string' ? value : undefined;

/**
 * The mail service's bounces and complaints (`POST /api/newsletter/events`), signed with
 * NEWSLETTER_WEBHOOK_SECRET; registered only when it is set. The signature covers the exact
 * bytes sent, so this plugin keeps JSON bodies raw in its own encapsulated context. A call is
 * checked whole before anything changes: signature, then age, then shape.
 */
export const newsletterEventRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (
  app,
  { secret },
) => {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/newsletter/events',
    {
      // The mail service calls from no site of ours; the signature proves it instead.
      config: { acceptsCrossSite: true },
      schema: {
        tags: ['newsletter'],
        summary: "The mail service's bounces and complaints, checked against their signature",
        response: {
          200: newsletterEventsAnswerSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const timestamp = header(request.headers['x-tribune-timestamp']) ?? '';
      const signature = header(request.headers['x-tribune-signature']) ?? '';
      if (!signatureHolds(secret, timestamp, body, signature)) {
        throw new AppError('unauthorized', eventsMessages.badSignature);
      }
      const sentAt = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) * 1000 : NaN;
      if (!(Math.abs(app.clock().getTime() - sentAt) <= eventsToleranceMs)) {
        throw new AppError('unauthorized', eventsMessages.staleTimestamp);
      }
      let json: unknown;
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        throw new AppError('bad_request', eventsMessages.notJson);
      }
      const parsed = newsletterEventsSchema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new AppError('bad_request', fieldMessage(issue.path, issue.message));
      }
      return applyNewsletterEvents(app.database.db, parsed.data.events, app.clock(), (trx, send) =>
        noticeAdminsOfStop(trx, app.mail, send),
      );
    },
  );
};
