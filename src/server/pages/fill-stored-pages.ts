import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '#server/jobs/periodic';
import { StoredPages, type StoreCursor } from './stored-pages.js';

const tickMs = 1_000;
/** Articles surveyed per query of a pass (under a millisecond on SQLite at 100,000 articles). */
const batch = 500;
/**
 * How long a tick may render, by how busy the process was with other work over the last tick:
 * most of an idle process's time (a new build refills the store quickly), a fifth of a lightly
 * loaded one's, a little of a busy one's, none of one under load. Each render holds the event
 * loop for about 2 ms, so a request arriving meanwhile waits that long: at 1,000 light requests
 * a second, four fifths of the time spent rendering put their p99 at 25 to 70 ms.
 */
function budgetMs(othersShare: number): number {
  if (othersShare < 0.05) return 800;
  if (othersShare < 0.25) return 200;
  if (othersShare < 0.5) return 50;
  return 0;
}
/**
 * A pass that found nothing starts again when the public changes or the day turns, or after this
 * in any case: for a render that died holding its claim, and for the few writes that forget a
 * page without announcing a public change (an author's new address). A pass over 100,000
 * articles costs about an eighth of a second.
 */
const recheckMs = 30 * 60_000;

/**
 * Renders and stores the guests' page of every published article that has none for this build
 * and today, newest first, in the background: after a deploy, the day's turn or an article's
 * change, a guest opening any article is sent it stored rather than waiting for a render. It
 * yields to requests between pages and works only while the process has time to spare. Several
 * processes share the work through the claims (stored-pages.ts).
 */
export function fillStoredPages(
  app: FastifyInstance,
  stored: StoredPages,
  renderAndStore: (articleId: number) => Promise<unknown>,
): void {
  let cursor: StoreCursor | undefined;
  /** What the public's change generation and the day were when the current pass began. */
  let pass: { generation: number; day: string } | undefined;
  /** When the last pass ended, and what it began with: until either moves, none is needed. */
  let done: { generation: number; day: string; at: number } | undefined;
  let lastLoad = performance.eventLoopUtilization();
  let ownMs = 0;

  runPeriodically(app, 'Storing guests’ article pages', tickMs, async (signal) => {
    const load = performance.eventLoopUtilization();
    const { active, idle } = performance.eventLoopUtilization(load, lastLoad);
    lastLoad = load;
    const othersShare = Math.max(0, active - ownMs) / Math.max(1, active + idle);
    ownMs = 0;

    const { generation } = app.publicChanges.current();
    const day = StoredPages.today();
    if (done && done.generation === generation && done.day === day) {
      if (Date.now() - done.at < recheckMs) return;
    }
    done = undefined;
    // A write during a pass may take a page the pass had passed: the next pass finds it.
    pass ??= { generation, day };

    const started = performance.now();
    const budget = budgetMs(othersShare);
    try {
      while (performance.now() - started < budget && !signal.aborted) {
        const articles = await stored.survey(batch, cursor);
        // On SQLite the survey ran on the event loop: requests waiting go first.
        await nextTurn();
        for (const article of articles) {
          if (performance.now() - started >= budget || signal.aborted) return;
          if (article.stored) {
            cursor = article;
            continue;
          }
          // One page that fails to render must not stop the pass at it.
          await renderAndStore(article.id).catch((err: unknown) => {
            app.log.warn({ err, articleId: article.id }, 'the article’s page could not be stored');
          });
          cursor = article;
          await nextTurn();
        }
        if (articles.length < batch) {
          // The pass is over: the next starts from the newest again.
          cursor = undefined;
          done = { ...pass, at: Date.now() };
          pass = undefined;
          return;
        }
      }
    } finally {
      ownMs = performance.now() - started;
    }
  });
}
