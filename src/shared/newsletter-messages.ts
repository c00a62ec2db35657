/*
 * The newsletter's words, the same in the API's answers and on the pages. Apart from the
 * schemas (newsletter.ts), so that the footer's sign-up form on every public page does not
 * bring zod with it.
 */

/** The newsletter's messages, the same in the API's answers and on the pages. */
export const newsletterMessages = {
  subscribed:
    'Thank you. Check your inbox: we sent a link to confirm your subscription. Nothing else comes until you open it.',
  confirmed: 'Your subscription is confirmed. The next newsletter comes to your inbox.',
  badConfirmation: 'This confirmation link is not valid or has expired. Please subscribe again.',
  tooManyRequests: 'Too many subscription requests. Please try again later.',
  unknownPublisher: (name: string) => `There is no publisher named “${name}”`,
} as const;

/** The messages of a subscriber's own pages: preferences and unsubscribing. */
export const newsletterLinkMessages = {
  badLink: 'This link is not valid. Please use the link at the foot of one of our newsletters.',
  saved: 'Your newsletter choices are saved.',
  unsubscribed: 'You are unsubscribed. No more newsletters will come to this address.',
  suppressed:
    'Our newsletters to this address were returned, so we stopped sending them. Subscribe again to receive them.',
} as const;

/** The admin's send's refusals. */
export const newsletterSendMessages = {
  notPublished: 'Only a published article can be sent as a newsletter.',
  alreadySent: 'This article was sent as a newsletter already.',
  noArticle: 'There is no article with this id.',
} as const;
