import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  budgets,
  kb,
  latencyMet,
  mb,
  measurementsOf,
  scenarioErrors,
  type BudgetCheck,
} from './budgets.js';
import type { PageScript } from './bundle-size.js';
import type { LoadResult } from './load.js';
import type { DatabaseShare } from './database-share.js';
import type { BenchOptions } from './options.js';
import type { LatencyBudget } from './scenarios.js';

export interface ScenarioReport {
  key: string;
  label: string;
  /** All connections sending back to back: how much the server can do (autocannon). */
  saturated: LoadResult;
  /** Requests arriving at the fixed rate (open loop): the latency readers see. Measured for the
   * routes with a budget and the bare route. */
  atRate?: LoadResult;
  /** The arrival rate of `atRate`: the run's, or the scenario's budget's when lower. */
  rate: number;
  /** Saturated requests per second relative to the bare route's, measured in the same run. */
  ofBare?: number;
  /**
   * For a ratio held to a budget: the bare route's saturated rate it was taken against, the mean
   * of the bare route measured right before and right after the scenario (absent in reports made
   * before; their ratios are against the bare route measured first).
   */
  bareBeside?: number;
  /**
   * The server's CPU time per answer of the saturated run, in microseconds (its process and
   * workers', from /proc; absent in reports made before, and off Linux).
   */
  cpuUs?: number;
  /** `cpuUs` relative to the bare route's, measured beside it as `ofBare` is. */
  cpuOfBare?: number;
  budget?: LatencyBudget;
  /** Its own share of the bare route's throughput to reach (Scenario.ofBareBudget). */
  ofBareBudget?: number;
  /** The scenario loaded alongside it at the run's rate (Scenario.alongside), and how that
   * load fared during the fixed-rate measurement. */
  alongside?: { key: string; atRate?: LoadResult };
  maxRss: number;
  /**
   * The median of the own-memory samples (memory.ts) taken during the saturated run (the memory
   * budget's).
   */
  medianRss: number;
  /** With --db-share: its requests' time in the server and in the database, one at a time. */
  databaseShare?: DatabaseShare;
}

export interface BenchReport {
  date: string;
  engine: BenchOptions['engine'];
  smoke: boolean;
  machine: { cpus: number; cpu: string; memory: string; node: string };
  settings: {
    articles: number;
    users: number;
    connections: number;
    seconds: number;
    rate: number;
    /** Server processes; absent in reports made before --workers (one). */
    workers?: number;
  };
  fillSeconds: number;
  /**
   * Seconds the server took to store every article's guest page after it started; null when it
   * had not finished within the wait (absent in reports made before the store).
   */
  storedPagesSeconds?: number | null;
  databaseBytes: number;
  /** The server's highest resident memory over the whole run (VmHWM). */
  peakRss: number;
  scenarios: ScenarioReport[];
  scripts: PageScript[];
  editor: PageScript;
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
  const rate = settings.rate.toLocaleString('en');
  lines.push(
    `Tribune benchmark: ${report.engine}, ${settings.articles.toLocaleString('en')} articles, ` +
      `${settings.users.toLocaleString('en')} users, ${settings.connections} connections, ` +
      `${(settings.workers ?? 1) > 1 ? `${settings.workers} server workers, ` : ''}` +
      `${settings.seconds} s per measurement${report.smoke ? ' (smoke run: budgets not enforced)' : ''}`,
    `"max req/s": all connections sending back to back (autocannon), counting the answers served ` +
      `(2xx). "at ${rate}/s": requests ` +
      `arriving at ${rate} a second over the same connections; latency counted from when each was due.`,
    ...(report.engine === 'postgres'
      ? [
          'The latency budgets are stated for SQLite: on PostgreSQL they are reported, not enforced.',
        ]
      : []),
    `Machine: ${report.machine.cpus} cores (${report.machine.cpu}), ${report.machine.memory}, Node ${report.machine.node}`,
    '',
  );
  // A scenario whose budget holds at a lower rate was measured at that rate, said beside it.
  const ownRate = (s: ScenarioReport) =>
    s.rate === settings.rate ? '' : ` (at ${s.rate.toLocaleString('en')}/s)`;
  lines.push(
    table(
      [
        'scenario',
        'max req/s',
        'x bare',
        'CPU µs/req',
        'CPU x bare',
        `p50 ms at ${rate}/s`,
        `p99 ms at ${rate}/s`,
        'errors',
        'p99 budget',
        'peak memory',
      ],
      report.scenarios.map((s) => [
        s.label,
        Math.round(s.saturated.rps).toLocaleString('en'),
        s.ofBare?.toFixed(2) ?? '',
        s.cpuUs === undefined ? '' : Math.round(s.cpuUs).toLocaleString('en'),
        s.cpuOfBare?.toFixed(2) ?? '',
        s.atRate ? `${s.atRate.p50}${ownRate(s)}` : '',
        s.atRate ? `${s.atRate.p99}${ownRate(s)}` : '',
        errorText(s),
        budgetCell(s),
        mb(s.maxRss),
      ]),
    ),
    '',
  );
  const shared = report.scenarios.filter((s) => s.databaseShare);
  if (shared.length > 0) {
    lines.push(
      "Time in the database (Server-Timing), each scenario's requests sent one at a time:",
      table(
        ['scenario', 'server ms', 'database ms', 'share', 'queries'],
        shared.map((s) => {
          const d = s.databaseShare!;
          return [
            s.label,
            d.serverMs.toFixed(2),
            d.databaseMs.toFixed(2),
            d.serverMs > 0 ? `${Math.round((100 * d.databaseMs) / d.serverMs)}%` : '',
            d.queries.toFixed(1),
          ];
        }),
      ),
      '',
    );
  }
  lines.push(
    table(
      ['page', 'initial JS (gzip)', 'files'],
      [...report.scripts, report.editor].map((p) => [
        p.page,
        kb(p.gzipBytes),
        String(p.files.length),
      ]),
    ),
    '',
    `Fill: ${report.fillSeconds.toFixed(1)} s.` +
      (report.storedPagesSeconds === undefined
        ? ''
        : report.storedPagesSeconds === null
          ? ' Guests’ article pages: NOT all stored when the scenarios began.'
          : ` Guests’ article pages stored in ${report.storedPagesSeconds.toFixed(0)} s.`) +
      ` Database size: ${mb(report.databaseBytes)}. ` +
      `Server peak RSS (VmHWM, with the database's mapped pages): ${mb(report.peakRss)}.` +
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

/**
 * Writes the report to bench/results/<date>-<engine>.json (smoke runs: smoke-<engine>.json).
 * A later run of the same day gets `-2`, `-3`… rather than writing over the day's first.
 */
export function saveReport(report: BenchReport): string {
  const dir = path.join('bench', 'results');
  mkdirSync(dir, { recursive: true });
  const stem = `${report.date.slice(0, 10)}-${report.engine}${workersSuffix(report)}`;
  let file = path.join(dir, report.smoke ? `smoke-${report.engine}.json` : `${stem}.json`);
  for (let n = 2; !report.smoke && existsSync(file); n += 1) {
    file = path.join(dir, `${stem}-${n}.json`);
  }
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

function budgetCell(s: ScenarioReport): string {
  if (!s.budget) return '';
  return `< ${budgets.p99Ms[s.budget]} ${latencyMet(s) ? 'met' : 'MISSED'}`;
}

function errorText(s: ScenarioReport): string {
  if (scenarioErrors(s) === 0) return '0';
  // Every measurement together, by status.
  const statuses = new Map<string, number>();
  let socket = 0;
  for (const result of measurementsOf(s)) {
    for (const [status, n] of Object.entries(result.statuses)) {
      statuses.set(status, (statuses.get(status) ?? 0) + n);
    }
    socket += result.socketErrors;
  }
  const parts = [...statuses].map(([status, n]) =>
    // 503: refused as more than the server could answer in time (search/gate.ts).
    status === '503' ? `${n} refused (503)` : `${n}x${status}`,
  );
  if (socket) parts.push(`${socket} socket`);
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

/** "-2-workers" for a run with several server processes; nothing for one. */
function workersSuffix(report: BenchReport): string {
  const workers = report.settings.workers ?? 1;
  return workers > 1 ? `-${workers}-workers` : '';
}
