import { AsyncLocalStorage } from 'node:async_hooks';
import type { LogEvent } from 'kysely';

/** What one request spent in the database, gathered while it runs. */
export interface QueryTiming {
  databaseMs: number;
  queries: number;
}

const current = new AsyncLocalStorage<QueryTiming>();

/** Runs `work` (and everything it starts) with its queries counted into `timing`. */
export function timeQueriesOf(timing: QueryTiming, work: () => void): void {
  current.run(timing, work);
}

/**
 * Kysely's log hook, given to the database only when SERVER_TIMING is on (database.ts): adds each
 * query's time on its connection, as Kysely measures it, to the request it runs for, when that
 * request is being timed (http/server-timing.ts).
 */
export function recordQuery(event: LogEvent): void {
  const timing = current.getStore();
  if (!timing) return;
  timing.databaseMs += event.queryDurationMillis;
  timing.queries += 1;
}
