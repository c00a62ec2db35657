import { z } from 'zod';
import { moderationBody, type Moderation } from '#shared/api/moderation';
import { articleLimits, updateArticleSchema } from '#shared/articles';

/** The id stays a string here: a malformed one is a 404 (article-id.ts), not a 400. */
export const articleIdParams = z.object({ id: z.string() });

export const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
/** An empty search box means no filter. */
export const optionalText = (max: number, description: string) =>
  z
    .string()
    .trim()
    .max(max)
    .describe(description)
    .optional()
    .transform((value) => (value ? value : undefined));

export const maxPageSize = 50;

/** Comma-separated tags, as the reader typed them ("Sports, health"): lower case, each once. */
export function tagsParam(description: string) {
  return optionalText(200, description).transform((value) => {
    const list = value
      ?.split(',')
      .map((tag) => tag.trim().toLowerCase())
      .filter((tag) => tag.length > 0);
    return list?.length ? [...new Set(list)] : undefined;
  });
}

export const listQuery = z.object({
  email: optionalText(320, "An author's email: their articles of every status"),
  isApproved: flag.optional(),
  isPremium: flag.optional(),
  title: optionalText(articleLimits.titleMax, 'Part of the title, in any case, taken literally'),
  publisher: optionalText(
    articleLimits.publisherMax,
    "Any part of a publisher's name, in any case",
  ),
  tags: tagsParam('Comma-separated tags: articles with any of them'),
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

const putBodyHint =
  'Send the article content, or exactly one of {isApproved: true}, {isPremium: true}, {adminMessage}';

/**
 * PUT /api/articles/:id: the author's (or an admin's) content, or one moderation field. When
 * neither matches, a body with a `name` is taken for content and gets its first field error
 * (as "field: message", like any other), not the union's generic one.
 */
export const articlePutBody = z.union([moderationBody, updateArticleSchema], {
  error: (issue) => {
    if (issue.code !== 'invalid_union') return undefined;
    const input = issue.input;
    const isContent = typeof input === 'object' && input !== null && 'name' in input;
    const first = isContent ? issue.errors[1]?.[0] : undefined;
    if (!first) return putBodyHint;
    return first.path.length
      ? `${first.path.map(String).join('.')}: ${first.message}`
      : first.message;
  },
});

export function isModeration(body: z.infer<typeof articlePutBody>): body is Moderation {
  return !('name' in body);
}

/** The queue of pending edits: a page of them, oldest first. */
export const revisionQueueQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .describe(`Page size; more than ${maxPageSize} counts as ${maxPageSize}`)
    .default(3)
    .transform((value) => Math.min(value, maxPageSize)),
  page: z.coerce.number().int().min(1).max(1_000_000).describe('1-based').default(1),
});
