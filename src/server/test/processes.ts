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

/**
 * `terminal`: the server's standard output is a terminal, as for a person running `npm start`
 * (a pseudo-terminal from util-linux's `script`, whose output the test reads).
 */
export function startServer(
  port: number,
  env: Record<string, string>,
  { terminal = false } = {},
): ServerProcess {
  const command = [process.execPath, ...fromSource, 'src/server/main.ts'];
  const [program, ...args] = terminal
    ? ['script', '--quiet', '--return', '--command', command.join(' '), '/dev/null']
    : command;
  const child = spawn(program!, args, {
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

/**
 * How long a test waits for a server it started to answer. Alone a server starts and seeds the
 * demo content in 5 to 15 s; in the whole suite, beside the other test files on two cores, two
 * servers starting on one new database at once have once not answered within 60 s.
 */
export const startupMs = 90_000;

/**
 * Waits until a server answers its health check. It stops waiting if the process ends, and
 * either way a server that does not come up fails the test with what it printed, so that a
 * failed start says why.
 */
export async function waitForHealth(server: ServerProcess, timeoutMs = startupMs): Promise<void> {
  const printed = () => server.output().slice(-4000);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${server.url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    const ended = server.child.exitCode ?? server.child.signalCode;
    if (ended !== null) throw new Error(`server on ${server.port} ended (${ended}):\n${printed()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `server on ${server.port} did not become healthy in ${timeoutMs / 1000} s:\n${printed()}`,
  );
}

/**
 * The exit code of a server expected to end (after a signal, or on a bad start). One that is
 * still running after `timeoutMs` fails the test with what it printed.
 */
export async function ended(server: ServerProcess, timeoutMs = startupMs): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `server on ${server.port} did not end in ${timeoutMs / 1000} s:\n${server.output().slice(-4000)}`,
          ),
        ),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([server.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}
