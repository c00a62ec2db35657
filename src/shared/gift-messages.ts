import { giftBrowserLimit } from './rules/gifts.js';

/** What the gift links' routes and pages say (decision 024). */
export const giftMessages = {
  premiumOnly: 'Gift links are for premium readers. Subscribe to share premium articles.',
  notPremiumArticle: 'Only a premium article can be sent as a gift; this one is free to read.',
  notPublished: 'Only a published article can be sent as a gift.',
  monthlyLimit: (perMonth: number) =>
    perMonth === 0
      ? 'Gift links are turned off on this site.'
      : `You have sent all ${perMonth} of this month’s gift links. You can send more next month.`,
  notFound: 'There is no such gift link.',
  allOnlyAdmins: 'Only admins may list every gift link.',
  /** The recipient's notices, by the link's state. */
  open: 'This article is a gift: a premium reader shared it with you.',
  full: `This gift link has been opened by as many people as it may (${giftBrowserLimit}).`,
  expired: 'This gift link has expired.',
  revoked: 'This gift link has been withdrawn by the person who sent it.',
  invalid: 'This gift link is not valid for this article.',
} as const;
