import { consumeAttempt } from '#server/rate-limit/attempts';
import type { Db } from '#server/db/database';
import { AppError } from '#server/errors';
import { imageMessages } from './limits.js';
import { rateLimits } from '#shared/rules/limits';

/**
 * Counts one image `userId` makes, whatever the route (POST /api/images, a profile photo); 429
 * once the hour's budget is spent. Registration photos come before there is a user; the limit
 * on new accounts per address bounds them.
 */
export async function spendImageBudget(db: Db, userId: string): Promise<void> {
  if (!(await consumeAttempt(db, 'image', userId, rateLimits.images))) {
    throw new AppError('rate_limited', imageMessages.tooManyImages);
  }
}
