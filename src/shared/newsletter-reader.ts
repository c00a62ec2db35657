/*
 * The words of a reader's own newsletter pages: a send's web version and the newsletter part
 * of My Profile. Apart from the schemas (api/newsletter-reader.ts), so that the public web
 * version does not bring zod with it.
 */

/** The web version's refusals. */
export const newsletterSendViewMessages = {
  notFound: 'There is no newsletter with this number.',
  badId: 'A newsletter’s number is a whole number.',
} as const;

/** What My Profile's newsletter part answers. */
export const newsletterAccountMessages = {
  subscribed: 'You are subscribed. The next newsletter comes to your inbox.',
  confirmFirst:
    'Check your inbox: we sent a link to confirm your subscription. Nothing comes until you open it.',
  chooseSomething: 'Choose the daily digest or at least one publisher.',
  notSubscribed: 'This address is not subscribed.',
} as const;
