import { z } from 'zod';
import { answeredBodySchema } from '../article-body/schema.js';
import { newsletterPreferencesSchema } from '../newsletter.js';

/** One article of a newsletter's web version, as its mail shows it to the caller. */
export const newsletterSendArticleSchema = z.object({
  _id: z.string(),
  name: z.string(),
  publisher: z.string(),
  isPremium: z.boolean(),
  /**
   * What the mail shows: a digest's article's opening (its free part); an article sent alone
   * whole, or its free part for a caller who may not read a premium article's whole text.
   */
  body: answeredBodySchema,
  /** Whether the caller may read the whole text: its link goes to the article, else to plans. */
  fullText: z.boolean(),
  /** Whether the author is an editor: their links are the site's own (no `nofollow`). */
  authorIsAdmin: z.boolean(),
});
export type NewsletterSendArticle = z.infer<typeof newsletterSendArticleSchema>;

/** `GET /api/newsletter/sends/:id`: a send's web version, the "View in your browser" page. */
export const newsletterSendViewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['article', 'digest']),
  subject: z.string(),
  /** When it was sent (queued). */
  sentAt: z.string(),
  articles: z.array(newsletterSendArticleSchema),
});
export type NewsletterSendView = z.infer<typeof newsletterSendViewSchema>;

/**
 * `GET /api/newsletter/me`: the signed-in reader's account address and its newsletter state;
 * `none` when the address never asked for it (then `digest` is false and `publishers` empty).
 */
export const newsletterMineSchema = newsletterPreferencesSchema.extend({
  status: z.enum(['none', 'pending', 'confirmed', 'unsubscribed', 'suppressed']),
});
export type NewsletterMine = z.infer<typeof newsletterMineSchema>;
