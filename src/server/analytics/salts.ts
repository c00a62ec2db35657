import { randomBytes } from 'node:crypto';
import type { Db } from '#server/db/database';

/**
 * The visitors' daily salts (decision 026): a random one a day, the day in the site's time zone,
 * stored so that every server hashes a visitor alike, and deleted once its day and the next are
 * over, after which nobody can say which address and browser a day's hash came from.
 */
export class DailySalts {
  /** The last day asked for and its salt, so a day's events read the table once per server. */
  #kept: { day: string; salt: string } | undefined;

  constructor(private readonly db: Db) {}

  /** The salt of `day`, made by the first server to need it. */
  async of(day: string): Promise<string> {
    if (this.#kept?.day === day) return this.#kept.salt;
    await this.db
      .insertInto('analyticsSalt')
      .values({ day, salt: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    const { salt } = await this.db
      .selectFrom('analyticsSalt')
      .select('salt')
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    this.#kept = { day, salt };
    return salt;
  }

  /** The salt of `day` if it is still kept (yesterday's, today's), without making one. */
  async existing(day: string): Promise<string | null> {
    if (this.#kept?.day === day) return this.#kept.salt;
    const row = await this.db
      .selectFrom('analyticsSalt')
      .select('salt')
      .where('day', '=', day)
      .executeTakeFirst();
    return row?.salt ?? null;
  }

  /** Deletes the salts of days before `oldestKept`; answers how many. */
  async sweepBefore(oldestKept: string): Promise<number> {
    if (this.#kept && this.#kept.day < oldestKept) this.#kept = undefined;
    const result = await this.db
      .deleteFrom('analyticsSalt')
      .where('day', '<', oldestKept)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
