import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ended,
  freePort,
  startServer,
  startupMs,
  stopAll,
  tempDir,
  waitForHealth,
} from './test/processes.js';

// These start the real server as a process (from source, through tsx), as `npm start` would.
afterEach(stopAll);

/**
 * Each test waits up to `startupMs` for a server to come up (a slow start then fails with what
 * the server printed), and the drain test spends some seconds more after it.
 */
const startingTests = { timeout: startupMs + 20_000 };

/** A reader's browser: a crawler's events are not kept. */
const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('starting the server', startingTests, () => {
  it('stops with one clear line when PORT is not a number', async () => {
    const server = startServer(0, { PORT: 'abc', DATA_DIR: tempDir() });
    expect(await ended(server)).not.toBe(0);
    const lines = server.output().trim().split('\n');
    expect(lines).toEqual([
      'Configuration error: PORT must be a port number between 1 and 65535 (got "abc")',
    ]);
  });

  it('seeds, serves, and closes cleanly on SIGTERM', async () => {
    const port = await freePort();
    const server = startServer(port, { DATA_DIR: tempDir() });
    await waitForHealth(server);
    const publishers = (await (
      await fetch(`http://127.0.0.1:${port}/api/publisher`)
    ).json()) as unknown[];
    expect(publishers.length).toBeGreaterThanOrEqual(6);
    expect(server.output()).toContain('admin@example.com');
    expect(server.output()).toContain(
      `outbox, shown to this machine only at http://localhost:${port}/dev/outbox`,
    );
    server.child.kill('SIGTERM');
    expect(await ended(server)).toBe(0);
  });

  it('writes the analytics events it holds when it stops on SIGTERM', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const server = startServer(port, { DATA_DIR: dataDir });
    await waitForHealth(server);
    // Events are written once a second (analytics/event-buffer.ts): these two are still held
    // when the signal comes.
    for (const page of ['/', '/allpublishedarticles']) {
      const res = await fetch(`${server.url}/api/events`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': browser },
        body: JSON.stringify({ type: 'pageview', path: page }),
      });
      expect(res.status).toBe(204);
    }
    server.child.kill('SIGTERM');
    expect(await ended(server)).toBe(0);
    const db = new SQLite(path.join(dataDir, 'tribune.db'), { readonly: true });
    const kept = db.prepare("select count(*) as n from analytics_event where kind = 'pageview'");
    expect(kept.get()).toEqual({ n: 2 });
    db.close();
  });

  it('names the mail server by its host alone, never its password', async () => {
    const port = await freePort();
    const server = startServer(port, {
      DATA_DIR: tempDir(),
      SMTP_URL: 'smtp://newsroom:mail-secret@127.0.0.1:2525',
    });
    await waitForHealth(server);
    expect(server.output()).toContain('Mail: through 127.0.0.1:2525');
    expect(server.output()).not.toContain('mail-secret');
    server.child.kill('SIGTERM');
    expect(await ended(server)).toBe(0);
  });

  it('completes the demo content after being killed while seeding', async () => {
    const dataDir = tempDir();
    // Kill at several moments of the first start: before, during and after the seed.
    for (const delay of [500, 1300, 2100]) {
      const port = await freePort();
      const first = startServer(port, { DATA_DIR: dataDir });
      await new Promise((resolve) => setTimeout(resolve, delay));
      first.child.kill('SIGKILL');
      await ended(first);
    }
    const port = await freePort();
    const second = startServer(port, { DATA_DIR: dataDir });
    await waitForHealth(second);
    const publishers = (await (
      await fetch(`http://127.0.0.1:${port}/api/publisher`)
    ).json()) as unknown[];
    expect(publishers.length).toBeGreaterThanOrEqual(6);
    second.child.kill('SIGTERM');
    expect(await ended(second)).toBe(0);
  });

  it('lets two servers start on one empty database at once', async () => {
    const dataDir = tempDir();
    const ports = [await freePort(), await freePort()];
    const servers = ports.map((port) => startServer(port, { DATA_DIR: dataDir }));
    await Promise.all(servers.map((server) => waitForHealth(server)));
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
    expect(await Promise.all(servers.map((server) => ended(server)))).toEqual([0, 0]);
  });
  it('waits for another process that holds the write lock past the busy timeout', async () => {
    const dataDir = tempDir();
    const other = new SQLite(path.join(dataDir, 'tribune.db'));
    other.exec('PRAGMA journal_mode = WAL');
    // As another server's long migration would: the write lock, held for longer than the
    // driver's 5 s busy timeout.
    other.exec('begin immediate');
    const port = await freePort();
    const server = startServer(port, { DATA_DIR: dataDir });
    await vi.waitFor(
      () => expect(server.output()).toContain('Waiting for another process that is writing'),
      { timeout: startupMs, interval: 100 },
    );
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(server.child.exitCode).toBeNull();
    other.exec('commit');
    other.close();
    await waitForHealth(server);
    const publishers = (await (await fetch(`${server.url}/api/publisher`)).json()) as unknown[];
    expect(publishers.length).toBeGreaterThanOrEqual(6);
  });

  it('drains kept-alive connections on SIGTERM: every next request is answered, none reset', async () => {
    const port = await freePort();
    const server = startServer(port, {
      DATA_DIR: tempDir(),
      SHUTDOWN_DRAIN_SECONDS: '3',
    });
    await waitForHealth(server);
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
    expect(await ended(server)).toBe(0);
  });
});
