import type { z } from 'zod';
import { articleSchema } from '../articles.js';
import { giftNoticeSchema } from './gifts.js';
import { meterStateSchema } from './meter.js';

/**
 * GET /api/articledetail/:id: the article with its full text, and, when the reading meter opened
 * a premium article for a reader without premium, where their meter stands now.
 */
export const articleDetailSchema = articleSchema.extend({
  meter: meterStateSchema.optional(),
  /** Opened by a gift link (decision 024): the address carried `?gift=`. */
  gift: giftNoticeSchema.optional(),
});
export type ArticleDetail = z.infer<typeof articleDetailSchema>;
