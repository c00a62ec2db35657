import cluster from 'node:cluster';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { prepareDatabase } from './boot.js';
import type { AppConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { demoAccounts, demoPassword } from './db/seed/index.js';
import { drainAndClose } from './http/drain.js';
import { logDestination } from './log.js';
import { superviseWorkers } from './http/workers.js';

/**
 * Runs the server as this process is meant to: alone, as the primary of `WEB_CONCURRENCY`
 * workers (it migrates and seeds, then starts them), or as one of those workers.
 */
export async function runServer(config: AppConfig): Promise<void> {
  const workers = config.workers ?? 1;
  if (cluster.isWorker) {
    // The primary has migrated and seeded the database before starting this worker.
    await serve(config, openDatabase(config.database, { timeQueries: config.serverTiming }));
    return;
  }
  const { database, seeded } = await prepareDatabase(config);
  if (workers === 1) {
    await serve(config, database);
    printBanner(config, seeded);
  } else {
    await database.close();
    superviseWorkers({
      count: workers,
      drainMs: config.shutdownDrainMs,
      log: pino(logDestination(config)),
      onListening: () => printBanner(config, seeded),
    });
  }
}

/** Runs one server on `database` until SIGTERM (drain, then close) or SIGINT (close). */
async function serve(config: AppConfig, database: DatabaseHandle): Promise<void> {
  const app = await buildApp(config, { database });
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      // SIGTERM comes from an orchestrator taking this server out of a pool: drain first.
      // SIGINT is someone at a terminal: close at once (requests in flight still finish).
      const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
      app.log.info(`${signal} received: draining for up to ${drainMs} ms, then closing`);
      drainAndClose(app, drainMs).then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
}

function printBanner(config: AppConfig, seeded: boolean) {
  const workers = config.workers ?? 1;
  const lines = [
    ``,
    `  Tribune is running at ${config.publicUrl}`,
    `  Database: ${describeDatabase(config)}`,
    `  Mail: ${describeMail(config)}`,
  ];
  if (workers > 1) lines.push(`  Workers: ${workers} processes sharing port ${config.port}`);
  if (config.seedDemo) {
    lines.push(
      `  Demo content ${seeded ? 'created' : 'in place'}. Demo accounts (password ${demoPassword}):`,
    );
    for (const account of demoAccounts)
      lines.push(`    ${account.email.padEnd(22)} ${account.role}`);
  }
  console.log(lines.join('\n') + '\n');
}

/** Where mail goes; the SMTP server by host only (its address may carry a password). */
function describeMail(config: AppConfig): string {
  if (config.mail.kind === 'smtp') return `through ${new URL(config.mail.url).host}`;
  // At localhost and this server's own port (with `npm run dev`, not Vite's): the page answers
  // this machine's loopback only (mail/outbox-page.ts).
  const page =
    config.env === 'production'
      ? ''
      : `, shown to this machine only at http://localhost:${config.port}/dev/outbox`;
  return `written to ${config.mail.dir}${page} (set SMTP_URL to send it)`;
}

function describeDatabase(config: AppConfig): string {
  return config.database.dialect === 'sqlite' ? `SQLite at ${config.database.file}` : 'PostgreSQL';
}
