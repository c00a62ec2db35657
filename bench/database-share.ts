import type { Scenario } from './scenarios.js';

/** What a scenario's requests spend in the database, one at a time (Server-Timing). */
export interface DatabaseShare {
  /** Mean milliseconds per request in database queries (waiting for a connection included). */
  databaseMs: number;
  /** Mean milliseconds per request in the server, from its first hook to its answer. */
  serverMs: number;
  /** Mean queries per request. */
  queries: number;
}

const sampled = 200;

/**
 * Sends `sampled` of the scenario's requests one after another, to a server started with
 * SERVER_TIMING=true, and averages what their Server-Timing headers say. One at a time, so
 * that each request's time is its own work, not its wait behind others.
 */
export async function measureDatabaseShare(
  baseUrl: string,
  scenario: Scenario,
): Promise<DatabaseShare> {
  let databaseMs = 0;
  let serverMs = 0;
  let queries = 0;
  for (let i = 0; i < sampled; i += 1) {
    const request = scenario.next();
    const res = await fetch(baseUrl + request.path, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    await res.arrayBuffer();
    const header = res.headers.get('server-timing') ?? '';
    const match = /db;dur=([\d.]+);desc="(\d+) queries", app;dur=([\d.]+)/.exec(header);
    if (!match) throw new Error(`${scenario.key}: no Server-Timing header (got "${header}")`);
    databaseMs += Number(match[1]);
    queries += Number(match[2]);
    serverMs += Number(match[3]);
  }
  return {
    databaseMs: databaseMs / sampled,
    serverMs: serverMs / sampled,
    queries: queries / sampled,
  };
}
