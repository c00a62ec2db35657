import { z } from 'zod';
import { emailSchema } from './accounts.js';
import { isPlainLine } from './control-characters.js';

/** The newsletter's messages, the same in the API's answers and on the pages. */
export const newsletterMessages = {
  subscribed:
    'Thank you. Check your inbox: we sent a link to confirm your subscription. Nothing else comes until you open it.',
  confirmed: 'Your subscription is confirmed. The next newsletter comes to your inbox.',
  badConfirmation: 'This confirmation link is not valid or has expired. Please subscribe again.',
  tooManyRequests: 'Too many subscription requests. Please try again later.',
  unknownPublisher: (name: string) => `There is no publisher named “${name}”`,
} as const;

/** A subscriber may follow this many publishers besides the daily digest. */
export const maxNewsletterPublishers = 50;

const publisherName = z
  .string({ error: 'A publisher is a name' })
  .trim()
  .min(1, 'A publisher is a name')
  .max(200)
  .refine(isPlainLine, 'Publisher must not contain control characters');

/** `POST /api/newsletter/subscribe`: an address, and the publishers it wants news of, if any. */
export const newsletterSubscribeSchema = z.object({
  email: emailSchema,
  publishers: z
    .array(publisherName, { error: 'Publishers are a list of names' })
    .max(maxNewsletterPublishers, `Choose at most ${maxNewsletterPublishers} publishers`)
    .default([])
    .transform((names) => [...new Set(names)]),
});
export type NewsletterSubscribe = z.input<typeof newsletterSubscribeSchema>;

/** `POST /api/newsletter/confirm`: the token of the mailed link. */
export const newsletterConfirmSchema = z.object({
  token: z.string({ error: newsletterMessages.badConfirmation }).min(1).max(200),
});
