import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { budgets, kb, mb, type BudgetCheck } from './budgets.js';
import type { PageScript } from './bundle-size.js';
import type { LoadResult } from './load.js';
import type { BenchOptions } from './options.js';
import type { LatencyBudget } from './scenarios.js';

export interface ScenarioReport extends LoadResult {
  key: string;
  label: string;
  /** Requests per second relative to the bare route's, measured in the same run. */
  ofBare?: number;
  budget?: LatencyBudget;
  maxRss: number;
}

export interface BenchReport {
  date: string;
  engine: BenchOptions['engine'];
  smoke: boolean;
  machine: { cpus: number; cpu: string; memory: string; node: string };
  settings: { articles: number; users: number; connections: number; seconds: number };
  fillSeconds: number;
  databaseBytes: number;
  /** The server's highest resident memory over the whole run (VmHWM). */
  peakRss: number;
  scenarios: ScenarioReport[];
  scripts: PageScript[];
  views?: { counted: number; answered: number };
  budgets: BudgetCheck[];
}

export function machine(): BenchReport['machine'] {
  return {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memory: `${Math.round(os.totalmem() / 1024 ** 3)} GiB`,
    node: process.version,
  };
}

/** The run as readable tables: scenarios, then sizes, then every budget met or missed. */
export function formatReport(report: BenchReport): string {
  const lines: string[] = [];
  const { settings } = report;
  lines.push(
    `Tribune benchmark: ${report.engine}, ${settings.articles.toLocaleString('en')} articles, ` +
      `${settings.users.toLocaleString('en')} users, ${settings.connections} connections, ` +
      `${settings.seconds} s per scenario${report.smoke ? ' (smoke run: budgets not enforced)' : ''}`,
    `Machine: ${report.machine.cpus} cores (${report.machine.cpu}), ${report.machine.memory}, Node ${report.machine.node}`,
    '',
  );
  lines.push(
    table(
      ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'x bare', 'p99 budget', 'peak RSS'],
      report.scenarios.map((s) => [
        s.label,
        Math.round(s.rps).toLocaleString('en'),
        String(s.p50),
        String(s.p99),
        errorText(s),
        s.ofBare?.toFixed(2) ?? '',
        budgetCell(s),
        mb(s.maxRss),
      ]),
    ),
    '',
  );
  lines.push(
    table(
      ['page', 'initial JS (gzip)', 'files'],
      report.scripts.map((p) => [p.page, kb(p.gzipBytes), String(p.files.length)]),
    ),
    '',
    `Fill: ${report.fillSeconds.toFixed(1)} s. Database size: ${mb(report.databaseBytes)}. ` +
      `Server peak RSS (VmHWM): ${mb(report.peakRss)}.` +
      (report.views
        ? ` Views: ${report.views.counted} counted for ${report.views.answered} answers.`
        : ''),
    '',
  );
  lines.push(
    table(
      ['budget', 'limit', 'measured', ''],
      report.budgets.map((b) => [b.budget, b.limit, b.actual, b.met ? 'met' : 'MISSED']),
    ),
  );
  return lines.join('\n');
}

/** Writes the report to bench/results/<date>-<engine>.json (smoke runs: smoke-<engine>.json). */
export function saveReport(report: BenchReport): string {
  const dir = path.join('bench', 'results');
  mkdirSync(dir, { recursive: true });
  const name = report.smoke
    ? `smoke-${report.engine}.json`
    : `${report.date.slice(0, 10)}-${report.engine}.json`;
  const file = path.join(dir, name);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

function budgetCell(s: ScenarioReport): string {
  if (!s.budget) return '';
  const limit = budgets.p99Ms[s.budget];
  return `< ${limit} ${s.requests > 0 && s.p99 < limit ? 'met' : 'MISSED'}`;
}

function errorText(s: ScenarioReport): string {
  const total = s.non2xx + s.socketErrors;
  if (total === 0) return '0';
  const parts = Object.entries(s.statuses).map(([status, n]) => `${n}x${status}`);
  if (s.socketErrors) parts.push(`${s.socketErrors} socket`);
  return parts.join(' ');
}

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
