import { load } from './load.js';
import type { Scenario } from './scenarios.js';
import { settle } from './settle.js';

/**
 * Sends every scenario's requests for a moment, one scenario after another, before anything is
 * measured, so that each scenario is measured in the state a running site is always in.
 *
 * V8 optimizes the code every request passes through (Node's HTTP layer, Fastify's request,
 * reply and hooks) for the objects it has seen. A server that has answered one route only runs
 * a narrower, faster version of it; once several routes have been served (as on any live site),
 * that code is deoptimized and made general, and every route costs more. Measured one after
 * another from a fresh server, the first scenarios were measured in the narrow state and the
 * later ones paid for the routes before them: the article page at 1,000 a second had a p99 of
 * 5 to 6 ms measured first, and 11 ms right after a few seconds of the bare route, page 1, the
 * detail and the home page (2026-11-26; the server's deoptimizations went from 36 to 253).
 */
export async function warmUpEveryRoute(
  baseUrl: string,
  scenarios: readonly Scenario[],
  options: { connections: number; seconds: number },
): Promise<void> {
  for (const scenario of scenarios) {
    await load(baseUrl, scenario, options);
  }
  await settle(baseUrl);
}
