import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { configFromEnvironment, prepareDatabase } from './boot.js';
import { demoAccounts, demoPassword } from './db/seed/index.js';
import { drainAndClose } from './http/drain.js';

const config = configFromEnvironment();
config.webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');

const { database, seeded } = await prepareDatabase(config);
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

const lines = [
  ``,
  `  Tribune is running at ${config.publicUrl}`,
  `  Database: ${describeDatabase()}`,
];
if (config.seedDemo) {
  lines.push(
    `  Demo content ${seeded ? 'created' : 'in place'}. Demo accounts (password ${demoPassword}):`,
  );
  for (const account of demoAccounts) lines.push(`    ${account.email.padEnd(22)} ${account.role}`);
}
console.log(lines.join('\n') + '\n');

function describeDatabase(): string {
  return config.database.dialect === 'sqlite' ? `SQLite at ${config.database.file}` : 'PostgreSQL';
}
