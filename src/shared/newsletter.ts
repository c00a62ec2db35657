import { z } from 'zod';
import { emailSchema } from './accounts.js';
import { isPlainLine } from './control-characters.js';
import { newsletterLinkMessages, newsletterMessages } from './newsletter-messages.js';

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

/** A subscriber's choices: the daily digest, and the publishers whose news they also want. */
export const newsletterChoicesSchema = z.object({
  digest: z.boolean({ error: 'Say whether you want the daily digest' }),
  publishers: z
    .array(publisherName, { error: 'Publishers are a list of names' })
    .max(maxNewsletterPublishers, `Choose at most ${maxNewsletterPublishers} publishers`)
    .transform((names) => [...new Set(names)]),
});
export type NewsletterChoices = z.input<typeof newsletterChoicesSchema>;

/** What the preferences page shows: the address, whether it receives anything, its choices. */
export const newsletterPreferencesSchema = z.object({
  email: z.string(),
  status: z.enum(['pending', 'confirmed', 'unsubscribed', 'suppressed']),
  digest: z.boolean(),
  publishers: z.array(z.string()),
});
export type NewsletterPreferences = z.infer<typeof newsletterPreferencesSchema>;

/** The token of a subscriber's own link (preferences and unsubscribing). */
export const newsletterTokenQuery = z.object({
  token: z.string({ error: newsletterLinkMessages.badLink }).max(200),
});

/** The admin's "Send as newsletter": which article. */
export const newsletterSendSchema = z.object({
  articleId: z.coerce
    .number({ error: 'articleId is the id of an article' })
    .int('articleId is the id of an article')
    .positive('articleId is the id of an article'),
});

/** A send queued: its id, and how many it goes to. */
export const newsletterSendAnswerSchema = z.object({
  id: z.number().int(),
  recipients: z.number().int(),
});
export type NewsletterSendAnswer = z.infer<typeof newsletterSendAnswerSchema>;

/** How many an article would go to if sent now. */
export const newsletterRecipientsSchema = z.object({ recipients: z.number().int() });
