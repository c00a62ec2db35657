import { consumeAttempt } from '../auth/attempts.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { imageMessages } from './limits.js';

/**
 * Images one user may have the server make in an hour, whatever the route (POST /api/images,
 * a profile photo): generous for writing, a stop for scripts filling the store. Registration
 * photos come before there is a user; the limit on new accounts per address bounds them.
 */
export const imageBudget = { max: 100, windowSeconds: 60 * 60 };

/** Counts one image `userId` makes; 429 once the hour's budget is spent. */
export async function spendImageBudget(db: Db, userId: string): Promise<void> {
  if (!(await consumeAttempt(db, 'image', userId, imageBudget))) {
    throw new AppError('rate_limited', imageMessages.tooManyImages);
  }
}
