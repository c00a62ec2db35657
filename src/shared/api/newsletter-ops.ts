import { z } from 'zod';
import { pageQuery } from './query-params.js';

/*
 * The newsletter's operations: the bounce and complaint webhook's body, and the admin
 * dashboard's subscriber figures and sends' progress.
 */

/** The most events one webhook call carries. */
export const maxNewsletterEvents = 500;

/**
 * One returned message or complaint. `sendId` names the send it was about; without it, the
 * address's latest delivery is the one. `at` is when the mail service saw it.
 */
export const newsletterEventSchema = z.object({
  type: z.enum(['hard_bounce', 'soft_bounce', 'complaint'], {
    error: 'type is hard_bounce, soft_bounce or complaint',
  }),
  email: z.email({ error: 'email is an address' }).max(320).toLowerCase(),
  sendId: z.number({ error: 'sendId is the id of a send' }).int().positive().optional(),
  at: z.iso.datetime({ offset: true, error: 'at is an ISO 8601 date and time' }).optional(),
});
export type NewsletterEvent = z.infer<typeof newsletterEventSchema>;

/** `POST /api/newsletter/events`: the mail service's report. */
export const newsletterEventsSchema = z.object({
  events: z
    .array(newsletterEventSchema, { error: 'events is a list' })
    .min(1, 'events lists at least one event')
    .max(maxNewsletterEvents, `At most ${maxNewsletterEvents} events a call`),
});
export type NewsletterEvents = z.infer<typeof newsletterEventsSchema>;

/** What the webhook did: events about an address or send we know, and the others. */
export const newsletterEventsAnswerSchema = z.object({
  applied: z.number().int(),
  ignored: z.number().int(),
});

/** The spans of days the subscribers' chart shows. */
export const newsletterStatsSpans = [30, 90] as const;

/** `GET /api/newsletter/stats?days=`: 30 unless 90. */
export const newsletterStatsQuery = z.object({
  days: z.coerce
    .number({ error: 'days is 30 or 90' })
    .refine((days) => days === 30 || days === 90, 'days is 30 or 90')
    .default(30),
});

/** One day (UTC) of the subscribers' changes. */
export const subscriberDaySchema = z.object({
  day: z.string().describe('YYYY-MM-DD, UTC'),
  confirmed: z.number().int(),
  unsubscribed: z.number().int(),
  suppressed: z.number().int(),
});
export type SubscriberDay = z.infer<typeof subscriberDaySchema>;

export const newsletterStatsSchema = z.object({
  /** Every day of the span, oldest first, today last (zeros included). */
  days: z.array(subscriberDaySchema),
  /** Subscribers now, by state. */
  totals: z.object({
    pending: z.number().int(),
    confirmed: z.number().int(),
    unsubscribed: z.number().int(),
    suppressed: z.number().int(),
  }),
});
export type NewsletterStats = z.infer<typeof newsletterStatsSchema>;

/** `GET /api/newsletter/sends?page=`: ten a page, newest first. */
export const newsletterSendsQuery = pageQuery(10);
export type NewsletterSendsRequest = Partial<z.output<typeof newsletterSendsQuery>>;

/** A send and its deliveries by state. */
export const newsletterSendProgressSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['article', 'digest']),
  subject: z.string(),
  status: z.enum(['sending', 'done', 'stopped']),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  recipients: z.number().int(),
  complaints: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  bounced: z.number().int(),
});
export type NewsletterSendProgress = z.infer<typeof newsletterSendProgressSchema>;
