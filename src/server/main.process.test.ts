import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fromSource } from './test/processes.js';

// These start the real server as a process (from source, through tsx), as `npm start` would.
const children: ChildProcess[] = [];
const folders: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [...fromSource, 'src/server/main.ts'], {
    // No drain unless a test asks: its own idle connections would hold each SIGTERM for 10 s.
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tribune-process-'));
  folders.push(dir);
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * How long the tests that start the server several times (each seeding the demo content and its
 * pictures) wait for it: alone they take 11 to 16 s, but in the whole suite, beside the other
 * test files on two cores, two servers seeding at once once took over 30 s on Node 24.
 */
const severalStartsMs = 90_000;
const severalStarts = { timeout: severalStartsMs + 20_000 };

async function waitForHealth(port: number, timeoutMs = 30_000): Promise<void> {
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

describe('starting the server', () => {
  it('stops with one clear line when PORT is not a number', async () => {
    const server = startServer({ PORT: 'abc', DATA_DIR: tempDir() });
    expect(await server.exited).not.toBe(0);
    const lines = server.output().trim().split('\n');
    expect(lines).toEqual([
      'Configuration error: PORT must be a port number between 1 and 65535 (got "abc")',
    ]);
  });

  it('seeds, serves, and closes cleanly on SIGTERM', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port), DATA_DIR: tempDir() });
    await waitForHealth(port);
    const publishers = (await (
      await fetch(`http://127.0.0.1:${port}/api/publisher`)
    ).json()) as unknown[];
    expect(publishers.length).toBeGreaterThanOrEqual(6);
    expect(server.output()).toContain('admin@example.com');
    expect(server.output()).toMatch(/Mail: written to .*outbox, shown at .*\/dev\/outbox/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('names the mail server by its host alone, never its password', async () => {
    const port = await freePort();
    const server = startServer({
      PORT: String(port),
      DATA_DIR: tempDir(),
      SMTP_URL: 'smtp://newsroom:mail-secret@127.0.0.1:2525',
    });
    await waitForHealth(port);
    expect(server.output()).toContain('Mail: through 127.0.0.1:2525');
    expect(server.output()).not.toContain('mail-secret');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('completes the demo content after being killed while seeding', severalStarts, async () => {
    const dataDir = tempDir();
    // Kill at several moments of the first start: before, during and after the seed.
    for (const delay of [500, 1300, 2100]) {
      const port = await freePort();
      const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
      await new Promise((resolve) => setTimeout(resolve, delay));
      first.child.kill('SIGKILL');
      await first.exited;
    }
    const port = await freePort();
    const second = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(port, severalStartsMs);
    const publishers = (await (
      await fetch(`http://127.0.0.1:${port}/api/publisher`)
    ).json()) as unknown[];
    expect(publishers.length).toBeGreaterThanOrEqual(6);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('lets two servers start on one empty database at once', severalStarts, async () => {
    const dataDir = tempDir();
    const ports = [await freePort(), await freePort()];
    const servers = ports.map((port) => startServer({ PORT: String(port), DATA_DIR: dataDir }));
    await Promise.all(ports.map((port) => waitForHealth(port, severalStartsMs)));
    const counts = await Promise.all(
      ports.map(
        async (port) =>
          ((await (await fetch(`http://127.0.0.1:${port}/api/publisher`)).json()) as unknown[])
            .length,
      ),
    );
    expect(counts[0]).toBeGreaterThanOrEqual(6);
    expect(counts[1]).toBe(counts[0]);
    for (const server of servers) server.child.kill('SIGTERM');
    expect(await Promise.all(servers.map((server) => server.exited))).toEqual([0, 0]);
  });
  it('drains kept-alive connections on SIGTERM: every next request is answered, none reset', async () => {
    const port = await freePort();
    const server = startServer({
      PORT: String(port),
      DATA_DIR: tempDir(),
      SHUTDOWN_DRAIN_SECONDS: '3',
    });
    await waitForHealth(port);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const get = (path: string) =>
      new Promise<{ status: number; connection?: string; reused: boolean }>((resolve, reject) => {
        const request = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
          res.resume();
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              connection: res.headers.connection,
              reused: request.reusedSocket,
            }),
          );
        });
        request.on('error', reject);
      });
    const clients = Array.from({ length: 20 }, (_, i) => i);
    // Twenty kept-alive connections, each left idle after one answer.
    const first = await Promise.all(clients.map(() => get('/api/publisher')));
    expect(first.every((answer) => answer.status === 200)).toBe(true);

    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const health = await get('/api/health');
    const next = await Promise.all(clients.map(() => get('/api/publisher')));
    agent.destroy();

    expect(health.status).toBe(503);
    expect(next.filter((answer) => answer.reused).length).toBeGreaterThan(0);
    for (const answer of next) {
      expect(answer.status).toBe(200);
      expect(answer.connection).toBe('close');
    }
    expect(await server.exited).toBe(0);
    // A whole server start and a three-second drain: more than the default time on a busy machine.
  }, 60_000);
});
