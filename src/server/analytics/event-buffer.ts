import type { Insertable } from 'kysely';
import type { Db } from '#server/db/database';
import type { AnalyticsEventTable } from '#server/db/schema';
import { oneAtATime } from '#server/jobs/one-at-a-time';

export type EventRow = Insertable<AnalyticsEventTable>;

/**
 * Rows written by one statement: an event has 18 columns, so 500 rows stay well inside SQLite's
 * 32,766 parameters and PostgreSQL's 65,535.
 */
const rowsPerStatement = 500;

/**
 * Every column an event may leave out, with what the table would put there: rows written
 * together name the same columns, and SQLite takes no `default` in a row of values (Kysely
 * writes null there, which the columns that default to '' refuse).
 */
const unnamed = {
  articleId: null,
  publisherId: null,
  visitorHash: null,
  readerHash: null,
  sourceKind: '',
  source: '',
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  device: '',
  engagedSeconds: null,
  scrollDepth: null,
  country: null,
} satisfies Omit<Required<EventRow>, 'id' | 'at' | 'hour' | 'kind'>;

/**
 * Analytics events held in this process's memory and written together by `flush` (every second,
 * analytics/plugin.ts, and before anything reads the raw events). Written one by one, each page
 * view, beacon and wall was a commit of its own, and on SQLite a commit empties the page cache of
 * every other connection, the read threads' too: readers' pages read their rows from the file
 * again while events arrived (PERFORMANCE.md, item 46). Held for a second at most, an event is
 * rolled up as before: the roll-up leaves the last five seconds' events for its next run
 * (rollup.ts). Lost if the process dies in that second, or if their write fails (logged; the
 * next second's events are written as usual): as counts, never as anything a reader sees.
 */
export class EventBuffer {
  #rows: EventRow[] = [];

  constructor(private readonly db: Db) {}

  add(row: EventRow): void {
    this.#rows.push({ ...unnamed, ...row });
  }

  /** Writes the events held so far, in one transaction; those added meanwhile wait for the next. */
  readonly flush = oneAtATime(async () => {
    if (this.#rows.length === 0) return;
    const rows = this.#rows;
    this.#rows = [];
    await this.db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += rowsPerStatement) {
        await trx
          .insertInto('analyticsEvent')
          .values(rows.slice(start, start + rowsPerStatement))
          .execute();
      }
    });
  });
}
