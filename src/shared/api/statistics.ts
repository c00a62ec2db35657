import { z } from 'zod';

/*
 * The figures the home page and the admin's dashboard read. The routes answer with these
 * schemas (so OpenAPI describes them); the web app takes its types from them.
 */

/** GET /api/statistics: how many readers Tribune has. */
export const statisticsSchema = z.object({
  totalUsers: z.number().int(),
  normalUsers: z.number().int(),
  premiumUsers: z.number().int(),
});
export type Statistics = z.infer<typeof statisticsSchema>;

/** GET /api/articles/premium-split: approved articles, premium and not. */
export const premiumSplitSchema = z.object({
  premium: z.number().int(),
  nonPremium: z.number().int(),
});
export type PremiumSplit = z.infer<typeof premiumSplitSchema>;

/** GET /api/publisher/articles/count: one row per publisher, `_id` its name. */
export const publisherArticleCountSchema = z.object({
  _id: z.string(),
  count: z.number().int(),
});
export type PublisherArticleCount = z.infer<typeof publisherArticleCountSchema>;

/** GET /api/publisher/viewcount: one row per publisher, `_id` its name. */
export const publisherViewCountSchema = z.object({
  _id: z.string(),
  totalViewCount: z.number().int(),
});
export type PublisherViewCount = z.infer<typeof publisherViewCountSchema>;
