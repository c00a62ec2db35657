import { articleMessages } from '#shared/article-messages';
import type { Db } from '#server/db/database';
import { AppError } from '#server/errors';
import { BatchedAttempts } from '#server/rate-limit/batched-attempts';
import { oneAtATime } from '#server/jobs/one-at-a-time';
import { rateLimits } from '#shared/rules/limits';

/** Articles updated by one statement: well inside either engine's limit of parameters. */
const articlesPerStatement = 500;

/**
 * Views of published articles, counted in this process's memory and added to the articles'
 * counts together by `flush` (every second, article-views.ts). Every reader who opens an article
 * counts a view, so a write for each made views the most frequent write on a live site, and on
 * SQLite each commit empties the page cache of every other connection, the read threads' too
 * (PERFORMANCE.md, item 31). A view counted here reaches the count within a second; one counted
 * just before the process dies unexpectedly is lost, as a view is worth less than the write
 * that would keep it. The address's allowance (`rateLimits.articleViews`) is counted the same
 * way, exactly within one process.
 */
export class ArticleViews {
  /** Views counted since the last flush, by article id. */
  #pending = new Map<number, number>();
  readonly #attempts: BatchedAttempts;

  /** `writes`: where the flush writes (the background connection, db/database.ts). */
  constructor(
    private readonly db: Db,
    private readonly writes: Db = db,
  ) {
    this.#attempts = new BatchedAttempts(writes, 'view', rateLimits.articleViews);
  }

  /**
   * Counts one view of a published article from `address`. An unknown, pending or declined id is
   * refused before the address's allowance is counted, so it leaves nothing behind.
   */
  async count(id: number, address: string, now: number): Promise<void> {
    const published = await this.db
      .selectFrom('article')
      .select('id')
      .where('id', '=', id)
      .where('isApproved', '=', true)
      .executeTakeFirst();
    if (!published) throw new AppError('not_found', articleMessages.notFound);
    if (!this.#attempts.consume(`${address} ${id}`, now)) {
      throw new AppError('rate_limited', 'Too many views of this article from your address');
    }
    this.#pending.set(id, (this.#pending.get(id) ?? 0) + 1);
  }

  /**
   * Adds the views counted since the last flush to the articles, in one transaction (one commit,
   * whatever the number of articles), then the addresses' allowances. Views of an article deleted
   * meanwhile update nothing. If the write fails, its views are kept for the next flush. Flushes
   * run one after another: one that finds nothing pending resolves only once the views taken by
   * the flush before it are written.
   */
  readonly flush = oneAtATime((now: number) => this.#write(now));

  async #write(now: number): Promise<void> {
    const due = this.#pending;
    this.#pending = new Map();
    if (due.size > 0) {
      try {
        await this.writes.transaction().execute(async (trx) => {
          for (const [views, ids] of groupByCount(due)) {
            for (let start = 0; start < ids.length; start += articlesPerStatement) {
              await trx
                .updateTable('article')
                .set((eb) => ({ viewCount: eb('viewCount', '+', views) }))
                .where('id', 'in', ids.slice(start, start + articlesPerStatement))
                .execute();
            }
          }
        });
      } catch (err) {
        for (const [id, views] of due) this.#pending.set(id, (this.#pending.get(id) ?? 0) + views);
        throw err;
      }
    }
    await this.#attempts.flush(now);
  }
}

/**
 * The articles by how many views each gained: most gain one in a second, so a flush is a few
 * statements (`view_count + 1 where id in (…)`, `+ 2`, …) rather than one per article.
 */
function groupByCount(views: ReadonlyMap<number, number>): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const [id, count] of views) {
    const ids = groups.get(count);
    if (ids) ids.push(id);
    else groups.set(count, [id]);
  }
  return groups;
}
