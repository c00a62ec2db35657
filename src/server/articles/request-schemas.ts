import { z } from 'zod';
import { articleLimits, updateArticleSchema } from '../../shared/articles.js';

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
  publisher: optionalText(
    articleLimits.publisherMax,
    "Any part of a publisher's name, in any case",
  ),
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

export const moderationMessages = {
  emptyDecline: 'Please write a message for the author',
  declineTooLong: 'The message for the author must be at most 1000 characters long',
  declined: 'This article was declined: its author must change it first',
  alreadyApproved: 'You have already Approved this article',
} as const;

/**
 * The admin's moderation bodies, exactly one field each: Approve, Make Premium, Decline. They
 * carry no `name`, which is how PUT /api/articles/:id tells them from a content update.
 */
const adminMessage = z
  .string()
  .trim()
  .min(1, moderationMessages.emptyDecline)
  .max(1000, moderationMessages.declineTooLong);

export const moderationBody = z.union([
  z.strictObject({ isApproved: z.literal(true) }),
  z.strictObject({ isPremium: z.literal(true) }),
  z.strictObject({ adminMessage }),
]);
export type Moderation = z.infer<typeof moderationBody>;

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

/**
 * PUT /api/articles/:id/revision: approve or decline the pending edit, naming the one reviewed
 * (its `_id`), so an edit the author replaced meanwhile is not approved unseen.
 */
const revisionId = z
  .string({ error: 'Name the edit you reviewed' })
  .regex(/^[1-9][0-9]{0,9}$/, 'Not an edit id');
export const revisionReviewBody = z.union(
  [
    z.strictObject({ revisionId, isApproved: z.literal(true) }),
    z.strictObject({ revisionId, adminMessage }),
  ],
  {
    error: (issue) => {
      if (issue.code !== 'invalid_union') return undefined;
      // A decline with a bad message says what is wrong with it, like the article's decline.
      const input = issue.input;
      const decline = typeof input === 'object' && input !== null && 'adminMessage' in input;
      const first = decline ? issue.errors[1]?.[0] : undefined;
      if (first) {
        return first.path.length
          ? `${first.path.map(String).join('.')}: ${first.message}`
          : first.message;
      }
      return 'Send {revisionId, isApproved: true} to approve the edit, or {revisionId, adminMessage} to decline it';
    },
  },
);
