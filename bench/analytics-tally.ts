import type { AnalyticsCounters, AnalyticsEventKind } from '../src/server/db/schema.js';
import { counterNames, counterOf, creditedOnly } from '../src/server/analytics/dimensions.js';

/*
 * Counts made in memory, as the roll-up (src/server/analytics/dimensions.ts) makes them in the
 * database, for the benchmark's history of 90 days: writing its events raw and rolling them up
 * would take hours at a million events a day.
 */

/** What of an event the roll-ups count. */
export interface CountedEvent {
  hour: string;
  kind: AnalyticsEventKind;
  articleId: number | null;
  publisherId: number | null;
  sourceKind: string;
  source: string;
  engagedSeconds: number | null;
  scrollDepth: number | null;
  /** mobile, tablet or desktop; '' for an event without the reader's request. */
  device: string;
  country: string | null;
}

/** Rows of counters added up by their keys. */
export class Tally<Keys extends object> {
  readonly rows = new Map<string, Keys & AnalyticsCounters>();

  /** Adds `event` to the row of `keys`; the site's counts only credited checkouts and the like. */
  count(keys: Keys, event: CountedEvent, site = false): void {
    const row = this.of(keys);
    const counter = counterOf[event.kind];
    if (counter && !(site && creditedOnly.has(counter) && !event.articleId)) row[counter] += 1;
    if (event.engagedSeconds !== null) {
      row.engagedCount += 1;
      row.engagedSeconds += event.engagedSeconds;
    }
    if (event.scrollDepth !== null) {
      row.scrollCount += 1;
      row.scrollSum += event.scrollDepth;
    }
  }

  private of(keys: Keys): Keys & AnalyticsCounters {
    const key = JSON.stringify(keys);
    let row = this.rows.get(key);
    if (!row) {
      row = { ...keys, ...Object.fromEntries(counterNames.map((name) => [name, 0])) } as Keys &
        AnalyticsCounters;
      this.rows.set(key, row);
    }
    return row;
  }
}
