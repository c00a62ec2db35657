import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * How a process runs the server's TypeScript sources: through tsx, with package.json's subpath
 * imports (#shared/*, #server/*) naming the sources rather than the built files.
 */
export const fromSource = ['--import', 'tsx', '--conditions=tribune-source'];

/** The real server started as a process (from source, through tsx), as `npm start` would. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  exited: Promise<number | null>;
  output(): string;
}

/** What a test started, ended by `stopAll` (afterEach). */
const started: { children: ChildProcess[]; folders: string[] } = { children: [], folders: [] };

export function startServer(port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [...fromSource, 'src/server/main.ts'], {
    // No drain unless a test asks: its own idle connections would hold each SIGTERM for 10 s.
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      SHUTDOWN_DRAIN_SECONDS: '0',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, url: `http://127.0.0.1:${port}`, exited, output: () => output };
}

/** Kills whatever is left (workers too: they are the servers' children) and removes folders. */
export function stopAll(): void {
  for (const child of started.children.splice(0)) {
    if (child.pid !== undefined) for (const pid of workersOf(child.pid)) killQuietly(pid);
    child.kill('SIGKILL');
  }
  for (const folder of started.folders.splice(0)) {
    rmSync(folder, { recursive: true, force: true });
  }
}

function killQuietly(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** The ids of a server's own children: a cluster primary's workers (not tsx's helpers). */
export function workersOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes('src/server/main.ts'))
      .map((line) => Number.parseInt(line.trim(), 10));
  } catch {
    // ps exits 1 when there is none.
    return [];
  }
}

export function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tribune-process-'));
  started.folders.push(dir);
  return dir;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function waitForHealth(port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server on ${port} did not become healthy`);
}
