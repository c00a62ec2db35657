import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ended,
  freePort,
  startServer,
  stopAll,
  tempDir,
  waitForHealth,
  workersOf,
} from './test/processes.js';

// WEB_CONCURRENCY=N: one primary process prepares the database, then N workers share the port.
afterEach(stopAll);

describe('WEB_CONCURRENCY', () => {
  it('runs the workers after one seed, replaces one that dies, and stops them all on SIGTERM', async () => {
    const port = await freePort();
    const server = startServer(port, {
      DATA_DIR: tempDir(),
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
    });
    await waitForHealth(server);
    await vi.waitFor(() => expect(server.output()).toContain('Workers: 2 processes'), 30_000);
    expect(server.output().match(/Demo content created/g)).toHaveLength(1);
    const primary = server.child.pid ?? 0;
    const first = workersOf(primary);
    expect(first).toHaveLength(2);

    process.kill(first[0] ?? 0, 'SIGKILL');
    await vi.waitFor(
      () => {
        expect(server.output()).toContain('a worker died: starting another');
        expect(server.output()).toContain('replacement worker listening');
        const now = workersOf(primary);
        expect(now).toHaveLength(2);
        expect(now).not.toContain(first[0]);
      },
      { timeout: 30_000, interval: 100 },
    );
    await waitForHealth(server);
    const publishers = (await (
      await fetch(`http://127.0.0.1:${port}/api/publisher`)
    ).json()) as unknown[];
    expect(publishers.length).toBeGreaterThanOrEqual(6);

    const workers = workersOf(primary);
    server.child.kill('SIGTERM');
    expect(await ended(server)).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  }, 120_000);

  it('stops with an error when the workers cannot start', async () => {
    const port = await freePort();
    const taken = createServer().listen(port, '0.0.0.0');
    try {
      const server = startServer(port, {
        DATA_DIR: tempDir(),
        WEB_CONCURRENCY: '2',
        SEED_DEMO: 'false',
      });
      expect(await ended(server)).toBe(1);
      expect(server.output()).toContain('a worker stopped while starting');
      expect(workersOf(server.child.pid ?? 0)).toEqual([]);
    } finally {
      taken.close();
    }
  }, 60_000);
});
