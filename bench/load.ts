import autocannon from 'autocannon';
import type { Scenario } from './scenarios.js';

export interface LoadResult {
  requests: number;
  /**
   * Requests answered in 2xx per second over the measured time: what was served. A server that
   * refuses work it cannot do in time (503) answers those fast, and they are not counted here.
   */
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  /** Answers outside 2xx, by status. */
  statuses: Record<string, number>;
  non2xx: number;
  /** Socket errors and timeouts. */
  socketErrors: number;
}

/**
 * Loads the server with `connections` connections for `seconds`, each request made by the
 * scenario (so ids and search words vary). autocannon runs in this process, the server in its own.
 * A run that got no answer at all counts as one socket error: a silent server is not a fast one.
 */
export async function load(
  baseUrl: string,
  scenario: Scenario,
  options: { connections: number; seconds: number; amount?: number },
): Promise<LoadResult> {
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.seconds,
    // A fixed number of requests (instead of a fixed time) ends only once every answer is in.
    amount: options.amount,
    requests: [{ setupRequest: (request) => ({ ...request, ...scenario.next() }) }],
  });
  const statuses: Record<string, number> = {};
  let ok = 0;
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    if (status.startsWith('2')) ok += Number(count);
    else statuses[status] = Number(count);
  }
  const requests = result.requests.total;
  return {
    requests,
    rps: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok,
    statuses,
    non2xx: result.non2xx,
    socketErrors: result.errors + (requests === 0 ? 1 : 0),
  };
}

/** Answers outside 2xx, socket errors and timeouts. */
export function errorCount(result: LoadResult): number {
  return result.non2xx + result.socketErrors;
}
