import type { PageScript } from './bundle-size.js';
import { errorCount, type LoadResult } from './load.js';
import type { ScenarioReport } from './report.js';
import type { LatencyBudget } from './scenarios.js';

/** The budgets of docs/PERFORMANCE.md ("The budgets"), in the units the benchmark measures. */
export const budgets = {
  p99Ms: { list: 25, detail: 10, page: 25, search: 50 } satisfies Record<LatencyBudget, number>,
  /**
   * Saturated throughput at least this share of the bare route's: a guest's HTML page, and the
   * article detail (whose answer is the JSON route most asked for after the lists).
   */
  ofBare: { page: 0.5, detail: 0.4 } satisfies Partial<Record<LatencyBudget, number>>,
  initialScriptBytes: 150_000,
  /** What the write pages fetch for the article editor on first use (decision 016). */
  editorScriptBytes: 130_000,
  /** The repeat of page 1 at the end may use this much more memory than any scenario before it. */
  memoryGrowth: 0.1,
};

export interface BudgetCheck {
  kind: 'latency' | 'throughput' | 'errors' | 'script' | 'memory' | 'views';
  budget: string;
  limit: string;
  actual: string;
  met: boolean;
}

/** Every budget, met or missed, from what the run measured. */
export function checkBudgets(measured: {
  scenarios: ScenarioReport[];
  scripts: PageScript[];
  editor: PageScript & { onPublicPage: boolean };
  /** Absent when the run left out page 1 or its repeat (--only). */
  /** Median RSS: the highest of the scenarios before the repeat of page 1 at the end, and its. */
  memory?: { highest: number; repeat: number };
  views?: { counted: number; answered: number };
}): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  for (const s of measured.scenarios) {
    if (s.budget) {
      const limit = budgets.p99Ms[s.budget];
      checks.push({
        kind: 'latency',
        budget: `${s.label}: p99 at ${s.rate.toLocaleString('en')} req/s`,
        limit: `< ${limit} ms`,
        actual: s.atRate?.requests ? `${s.atRate.p99} ms` : 'no answers',
        met: latencyMet(s),
      });
    }
    const ratio = ratioBudget(s);
    if (ratio !== undefined && s.ofBare !== undefined) {
      checks.push({
        kind: 'throughput',
        budget: `${s.label}: saturated throughput vs the bare route`,
        limit: `>= ${ratio}x`,
        actual:
          `${s.ofBare.toFixed(2)}x` +
          (s.bareBeside
            ? ` (of ${Math.round(s.bareBeside).toLocaleString('en')}/s, measured beside it)`
            : ''),
        met: s.ofBare >= ratio,
      });
    }
  }
  const failing = measured.scenarios.filter((s) => scenarioErrors(s) > 0);
  checks.push({
    kind: 'errors',
    budget: 'no errors (non-2xx, socket errors, timeouts)',
    limit: '0',
    actual: failing.length ? failing.map((s) => `${s.key}: ${scenarioErrors(s)}`).join(', ') : '0',
    met: failing.length === 0,
  });
  for (const page of measured.scripts) {
    checks.push({
      kind: 'script',
      budget: `initial JavaScript of ${page.page}`,
      limit: `<= ${kb(budgets.initialScriptBytes)}`,
      actual: kb(page.gzipBytes),
      met: page.gzipBytes <= budgets.initialScriptBytes,
    });
  }
  checks.push({
    kind: 'script',
    budget: 'the article editor, loaded by the write pages alone',
    limit: `<= ${kb(budgets.editorScriptBytes)}, on no public page`,
    actual: `${kb(measured.editor.gzipBytes)}${measured.editor.onPublicPage ? ', on a public page' : ''}`,
    met: measured.editor.gzipBytes <= budgets.editorScriptBytes && !measured.editor.onPublicPage,
  });
  if (measured.memory) {
    const { highest, repeat } = measured.memory;
    checks.push({
      kind: 'memory',
      budget: 'memory bounded (page 1 again at the end vs any scenario before, median own memory)',
      limit: `<= +${budgets.memoryGrowth * 100}%`,
      actual: `${mb(highest)} -> ${mb(repeat)}`,
      met: repeat <= highest * (1 + budgets.memoryGrowth),
    });
  }
  if (measured.views) {
    const { counted, answered } = measured.views;
    checks.push({
      kind: 'views',
      budget: 'no lost view counts (views added = 2xx answers)',
      limit: `${answered}`,
      actual: `${counted}`,
      met: counted === answered,
    });
  }
  return checks;
}

/**
 * Whether the scenario's p99 at the fixed rate is within its budget. Every request must have
 * been served: a refused one (503, answered fast) would otherwise lower the p99 it failed.
 */
export function latencyMet(s: ScenarioReport): boolean {
  if (!s.budget || !s.atRate?.requests || errorCount(s.atRate) > 0) return false;
  return s.atRate.p99 < budgets.p99Ms[s.budget];
}

/** The share of the bare route's throughput a scenario must reach, if it has one. */
export function ratioBudget(s: {
  budget?: LatencyBudget;
  ofBareBudget?: number;
  /** The key of the scenario loaded alongside it: the bare route is measured without that. */
  alongside?: unknown;
}): number | undefined {
  if (s.alongside) return undefined;
  if (s.ofBareBudget !== undefined) return s.ofBareBudget;
  return s.budget === 'page' || s.budget === 'detail' ? budgets.ofBare[s.budget] : undefined;
}

/** Errors of both measurements (at saturation and at the fixed rate), and of the load sent
 * alongside the latter. */
export function scenarioErrors(s: ScenarioReport): number {
  return measurementsOf(s).reduce((sum, result) => sum + errorCount(result), 0);
}

export function measurementsOf(s: ScenarioReport): LoadResult[] {
  return [s.saturated, s.atRate, s.alongside?.atRate].filter((result) => result !== undefined);
}

export function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
}
