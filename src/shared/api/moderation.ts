import { z } from 'zod';
import { fieldMessage } from '../api-error.js';

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
      if (first) return fieldMessage(first.path, first.message);
      return 'Send {revisionId, isApproved: true} to approve the edit, or {revisionId, adminMessage} to decline it';
    },
  },
);
export type RevisionReviewBody = z.infer<typeof revisionReviewBody>;

/** The review without the edit's id: what an editor decides (the web app adds the id). */
export type RevisionVerdict = RevisionReviewBody extends infer Body
  ? Body extends unknown
    ? Omit<Body, 'revisionId'>
    : never
  : never;
