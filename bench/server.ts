import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { BenchDatabase } from './databases.js';

export interface RunningServer {
  pid: number;
  baseUrl: string;
  /** The server's secret (BETTER_AUTH_SECRET), with which a scenario signs visitor cookies. */
  secret: string;
  /** The last lines the server wrote (shown when it fails). */
  output(): string;
  /** Resolves with the exit code; rejects if the server died before stop() was called. */
  stop(): Promise<number | null>;
  exited: Promise<number | null>;
}

/**
 * Starts the built server the way `npm start` does (node dist/server/main.js), configured by the
 * environment only, with `workers` processes, in production mode, on a free port of 127.0.0.1, and waits until it answers.
 * Logs are at `warn`: at `info` every request writes two lines, which an operator may choose,
 * but which would measure the log pipe rather than the server.
 */
export async function startServer(
  database: BenchDatabase,
  workers: number,
  serverTiming = false,
  /** More settings (the newsletter bench's SMTP_URL). */
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const secret = extraEnv.BETTER_AUTH_SECRET ?? randomBytes(32).toString('base64url');
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url,
      BETTER_AUTH_SECRET: secret,
      SEED_DEMO: 'false',
      // No payment is made here; production refuses the demo provider unless told.
      DEMO_PAYMENTS: 'true',
      LOG_LEVEL: 'warn',
      // Several workers share the port (node:cluster, src/server/http/workers.ts).
      WEB_CONCURRENCY: String(workers),
      SERVER_TIMING: String(serverTiming),
      // As behind the proxy of a real deployment: a scenario may name its readers' addresses
      // in X-Forwarded-For (site search does: each address has a budget of searches).
      TRUST_PROXY: 'true',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-10_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let stopping = false;
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('exit', (code) => {
      if (stopping) resolve(code);
      else reject(new Error(`The server exited with code ${code}:\n${output}`));
    });
  });
  // Until stop() is called, a crash is reported by whoever awaits `exited`.
  exited.catch(() => undefined);

  await waitUntilAnswering(`${baseUrl}/api/health`, exited);
  return {
    pid: pidOf(child),
    baseUrl,
    secret,
    output: () => output,
    exited,
    stop: () => {
      stopping = true;
      child.kill('SIGTERM');
      return exited;
    },
  };
}

async function waitUntilAnswering(url: string, exited: Promise<unknown>): Promise<void> {
  let failed: unknown;
  exited.catch((err: unknown) => (failed = err));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (failed) throw failed;
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer ${url} within a minute`);
}

function pidOf(child: ChildProcess): number {
  if (child.pid === undefined) throw new Error('The server did not start');
  return child.pid;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
