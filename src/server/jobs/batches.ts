import { setImmediate as yieldToOthers } from 'node:timers/promises';

/** Rows one sweeping statement deletes at most: short statements leave room for other writers. */
export const sweepBatchSize = 1000;

/**
 * Runs `deleteBatch` (one statement deleting at most `sweepBatchSize` rows, answering how many
 * it deleted) until a batch comes back short or `signal` aborts, yielding to other work between
 * batches. Answers the rows deleted in all.
 */
export async function deleteInBatches(
  deleteBatch: () => Promise<bigint | number>,
  signal?: AbortSignal,
): Promise<number> {
  let total = 0;
  while (!signal?.aborted) {
    const deleted = Number(await deleteBatch());
    total += deleted;
    if (deleted < sweepBatchSize) break;
    await yieldToOthers();
  }
  return total;
}
