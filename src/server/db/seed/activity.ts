import type { ArticleDraft } from './articles/index.js';
import { createRandom } from './prng.js';
import { daysBefore } from './time.js';

/**
 * When a demo article was posted and how often it has been read. Published ones are spread over
 * the last 60 days; the ones still with the editors are recent and have only been opened by
 * their author and the editors.
 */
export function articleActivity(
  draft: ArticleDraft,
  now: Date,
): { createdAt: Date; viewCount: number } {
  const r = createRandom(`activity:${draft.title}`);
  if (draft.status === 'pending') {
    return { createdAt: daysBefore(now, r.between(0.1, 3)), viewCount: r.int(0, 3) };
  }
  if (typeof draft.status === 'object') {
    return { createdAt: daysBefore(now, r.between(3, 12)), viewCount: r.int(1, 8) };
  }
  const age = r.between(1, 60);
  if (draft.trending) return { createdAt: daysBefore(now, age), viewCount: r.int(5000, 6000) };
  // Older stories have had longer to find readers; premium ones reach only subscribers.
  const views = (r.int(30, 400) + age * r.between(8, 60)) * (draft.status === 'premium' ? 0.5 : 1);
  return { createdAt: daysBefore(now, age), viewCount: Math.round(views) };
}
