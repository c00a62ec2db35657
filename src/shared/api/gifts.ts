import { z } from 'zod';
import { giftPageSize } from '../rules/gifts.js';
import { flag, pageQuery } from './query-params.js';

/* Gift links (decision 024): what their routes take and answer, and what a gifted read says. */

/** `POST /api/articles/:id/gifts`: the link to share, until when it opens the article. */
export const giftLinkSchema = z.object({
  url: z.string().describe('The article’s address with the gift’s token: `…/articles/5?gift=…`'),
  expiresAt: z.string(),
  /** Gift links the giver may still send this calendar month. */
  giftsLeft: z.number().int(),
  giftsPerMonth: z.number().int(),
});
export type GiftLink = z.infer<typeof giftLinkSchema>;

/** `GET /api/gifts?page=&limit=&all=`: `all=true` (admins) lists everyone’s. */
export const giftListQuery = pageQuery(giftPageSize).extend({
  all: flag.optional().describe('Every giver’s gift links (admins only)'),
});

/** One gift link as its giver (or an admin) sees it; never its token. */
export const giftSchema = z.object({
  id: z.number().int(),
  articleId: z.string(),
  articleTitle: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revoked: z.boolean(),
  /** Past its expiry, by the server's clock. */
  expired: z.boolean(),
  /** How many browsers have opened it, of `browserLimit`. */
  openedBy: z.number().int(),
  browserLimit: z.number().int(),
  /** Who sent it: in an admin's list of every giver's gift links only. */
  giver: z.object({ name: z.string(), email: z.string() }).optional(),
});
export type Gift = z.infer<typeof giftSchema>;

export const giftIdParams = z.object({
  id: z.coerce
    .number({ error: 'id is a gift link’s number' })
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** `DELETE /api/gifts/:id`, `DELETE /api/gifts`: how many live links were revoked. */
export const giftsRevokedSchema = z.object({ revokedCount: z.number().int() });

/** `?gift=` on an article’s page and reads. */
export const giftQuery = z.object({
  gift: z.string().max(200).optional().describe('A gift link’s token'),
});

/**
 * What a gift link did for this reader, carried by a gifted read: `open` (the whole text is
 * theirs), or why not: `full` (opened by as many browsers as it may), `expired`, `revoked`,
 * `invalid` (no such link for this article).
 */
export const giftNoticeSchema = z.object({
  status: z.enum(['open', 'full', 'expired', 'revoked', 'invalid']),
});
export type GiftNotice = z.infer<typeof giftNoticeSchema>;
