import { z } from 'zod';
import { articleLimits } from '../../shared/articles.js';

/** The id stays a string here: a malformed one is a 404 (article-id.ts), not a 400. */
export const articleIdParams = z.object({ id: z.string() });

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
/** An empty search box means no filter. */
const optionalText = (max: number, description: string) =>
  z
    .string()
    .trim()
    .max(max)
    .describe(description)
    .optional()
    .transform((value) => (value ? value : undefined));

export const maxPageSize = 50;

export const listQuery = z.object({
  email: optionalText(320, "An author's email: their articles of every status"),
  isApproved: flag.optional(),
  isPremium: flag.optional(),
  title: optionalText(articleLimits.titleMax, 'Part of the title, in any case, taken literally'),
  publisher: optionalText(articleLimits.publisherMax, "A publisher's exact name, in any case"),
  tags: optionalText(200, 'Comma-separated tags: articles with any of them').transform((value) => {
    const list = value
      ?.split(',')
      .map((tag) => tag.trim().toLowerCase())
      .filter((tag) => tag.length > 0);
    return list?.length ? list : undefined;
  }),
  sortBy: z
    .enum(['createdAt', 'viewCount'])
    .describe('Newest first (default), or most viewed first')
    .default('createdAt'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .describe(`Page size; more than ${maxPageSize} counts as ${maxPageSize}`)
    .default(12)
    .transform((value) => Math.min(value, maxPageSize)),
  page: z.coerce.number().int().min(1).max(1_000_000).describe('1-based').default(1),
});
