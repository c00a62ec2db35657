import type { RateLimit } from '#shared/rules/limits';
import type { Db } from '#server/db/database';
import { oneAtATime } from '#server/jobs/one-at-a-time';
import { addAttempts, attemptKey } from './attempts.js';

/** One key's attempts as this process knows them. */
interface Tally {
  /** The total the shared table answered at the last flush, other processes' attempts included. */
  shared: number;
  /** Attempts counted here since then. */
  pending: number;
  expiresAt: number;
}

/** Keys written by one statement: four parameters each, well inside either engine's limit. */
const keysPerStatement = 500;

/**
 * Attempts of one scope counted in this process's memory and added to the shared `attempt` table
 * together by `flush` (every second, search/search-attempts.ts), for a rule checked on a read that
 * many readers make: site search. Counted with a write each (`consumeAttempt`), every search was
 * also a commit, and on SQLite a commit empties the page cache of every other connection, the
 * read threads' too: each search then read its index from the file again, about 700 page reads
 * where 40 do (PERFORMANCE.md, item 30). Within one process the count is exact; another process's
 * attempts on the same key count here from the next flush on, so an address spreading its
 * searches over several processes gets at most one flush interval's searches more.
 */
export class BatchedAttempts {
  readonly #tallies = new Map<string, Tally>();

  constructor(
    private readonly db: Db,
    private readonly scope: string,
    private readonly rule: RateLimit,
  ) {}

  /** Counts one attempt of `identity`; false once its window holds more than the rule allows. */
  consume(identity: string, now: number): boolean {
    const key = attemptKey(this.scope, identity);
    let tally = this.#tallies.get(key);
    if (!tally || tally.expiresAt <= now) {
      tally = { shared: 0, pending: 0, expiresAt: now + this.rule.windowSeconds * 1000 };
      this.#tallies.set(key, tally);
    }
    tally.pending += 1;
    return tally.shared + tally.pending <= this.rule.max;
  }

  /**
   * Adds the attempts counted since the last flush to the shared table, learns each key's total
   * there, and forgets the keys whose window has ended with nothing left to add. Flushes run one
   * after another: two at once (the timer's and another caller's) would each add the same
   * pending attempts.
   */
  readonly flush = oneAtATime((now: number) => this.#write(now));

  async #write(now: number): Promise<void> {
    const windowMs = this.rule.windowSeconds * 1000;
    const due: { key: string; count: number; since: number; tally: Tally }[] = [];
    for (const [key, tally] of this.#tallies) {
      if (tally.pending > 0) {
        due.push({ key, count: tally.pending, since: tally.expiresAt - windowMs, tally });
      } else if (tally.expiresAt <= now) this.#tallies.delete(key);
    }
    for (let start = 0; start < due.length; start += keysPerStatement) {
      const batch = due.slice(start, start + keysPerStatement);
      const totals = await addAttempts(this.db, batch, this.rule, now);
      const byKey = new Map(batch.map((item) => [item.key, item]));
      for (const total of totals) {
        const item = byKey.get(total.key)!;
        // Attempts counted while the statement ran stay pending; a tally begun afresh meanwhile
        // (its window ended) is left as it is.
        if (this.#tallies.get(total.key) !== item.tally) continue;
        item.tally.pending -= item.count;
        item.tally.shared = total.count;
        item.tally.expiresAt = total.expiresAt;
      }
    }
  }
}
