import http from 'node:http';
import type { LoadResult } from './load.js';
import type { BenchRequest, Scenario } from './scenarios.js';

/** An answer slower than this counts as an error (autocannon's default timeout too). */
const timeoutMs = 10_000;

/**
 * Latency at a fixed arrival rate: requests arrive as independent readers' would (a Poisson
 * process of `rate` a second), spread over `connections` kept-alive connections, whether or not
 * earlier ones were answered. Each latency counts from the moment its request is handed to the
 * connection pool, so time spent waiting for a free connection (all of them busy with slow
 * answers) is measured, not hidden; the load generator's own timer granularity (a timer fires
 * about once a millisecond, and sends whatever fell due meanwhile) is not the server's and is
 * left out.
 *
 * Why not autocannon's own rate option: it lets each connection send its share of a second as
 * fast as it can and then pause until the next second, so every second starts with a burst of
 * `rate` requests at once; what that measures is the burst, not the rate.
 */
export async function loadAtRate(
  baseUrl: string,
  scenario: Scenario,
  options: { connections: number; seconds: number; rate: number },
): Promise<LoadResult> {
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: options.connections,
    // Hand requests to the longest-idle connection, so all of them carry the load.
    scheduling: 'fifo',
  });
  try {
    await openConnections(baseUrl, agent, options.connections);
    const latencies: number[] = [];
    const statuses: Record<string, number> = {};
    let ok = 0;
    let socketErrors = 0;
    const inFlight = new Set<Promise<void>>();

    const send = () => {
      const handed = performance.now();
      const sent = request(baseUrl, agent, scenario.next()).then(
        (status) => {
          latencies.push(performance.now() - handed);
          if (status >= 200 && status < 300) ok += 1;
          else statuses[status] = (statuses[status] ?? 0) + 1;
        },
        () => {
          socketErrors += 1;
        },
      );
      inFlight.add(sent);
      void sent.finally(() => inFlight.delete(sent));
    };

    const start = performance.now();
    const end = start + options.seconds * 1000;
    let due = start + nextGap(options.rate);
    while (due < end) {
      const now = performance.now();
      while (due <= now && due < end) {
        send();
        due += nextGap(options.rate);
      }
      // Timers fire about every millisecond; whatever fell due meanwhile goes out together.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(due, end) - now)));
    }
    await Promise.all(inFlight);

    latencies.sort((a, b) => a - b);
    const requests = latencies.length + socketErrors;
    const non2xx = Object.values(statuses).reduce((sum, n) => sum + n, 0);
    return {
      requests,
      rps: ok / options.seconds,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      ok,
      statuses,
      non2xx,
      socketErrors: socketErrors + (requests === 0 ? 1 : 0),
    };
  } finally {
    agent.destroy();
  }
}

/** Exponentially distributed gaps: the arrivals of many independent readers. */
function nextGap(rate: number): number {
  return (-Math.log(1 - Math.random()) * 1000) / rate;
}

/** Whole milliseconds, as autocannon reports them; 0 when nothing was answered. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!);
}

/** Opens every connection before the clock starts (the liveness route, all at once). */
async function openConnections(baseUrl: string, agent: http.Agent, count: number) {
  const probe: BenchRequest = { method: 'GET', path: '/api/health/live' };
  await Promise.all(Array.from({ length: count }, () => request(baseUrl, agent, probe)));
}

/** One request; resolves with the status once the whole answer is read. */
function request(baseUrl: string, agent: http.Agent, spec: BenchRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(spec.path, baseUrl),
      { method: spec.method, headers: spec.headers, agent, timeout: timeoutMs },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(spec.body);
  });
}
