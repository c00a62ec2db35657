import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { fromSource } from './processes.js';

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

// Each run is the leader of its own process group, so that one the test gave up on goes with
// everything it started (a Vitest run's workers, the servers they start).
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  running.clear();
});

/** A Node.js process in the repository's folder, with this run's Vitest variables removed. */
function run(args: string[], env: Record<string, string>): Promise<Ran> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !name.startsWith('VITEST') &&
        !['TEST_DIALECT', 'TEST_DATABASE_URL', 'TRIBUNE_REQUIRE_ALL'].includes(name),
    ),
  );
  const child = spawn(process.execPath, args, {
    env: { ...inherited, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      running.delete(child);
      resolve({ code, stdout, stderr });
    });
  });
}

const vitest = (env: Record<string, string>) =>
  run(
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      'sqlite',
      'src/shared/excerpt.test.ts',
      'src/server/proxy.process.test.ts',
    ],
    env,
  );
const e2e = (env: Record<string, string>) => run([...fromSource, 'scripts/e2e.ts'], env);

const nginxLine =
  'the test of the nginx example (src/server/proxy.process.test.ts), as nginx is not at ' +
  '/nonexistent/nginx. To include it: apt-get install nginx, or set NGINX_PATH.';
const chromiumLine =
  'the browser tests (npm run test:e2e), as CHROMIUM_PATH names /nonexistent/chromium, which ' +
  'is not there. To include them: point CHROMIUM_PATH at a Chromium or Chrome, or unset it ' +
  'and run npx playwright install chromium.';

describe('tests that need a program from outside npm', () => {
  it('are left out without nginx, saying so at the start and in the summary, and the run passes', async () => {
    const { code, stdout } = await vitest({ NGINX_PATH: '/nonexistent/nginx' });
    expect(code).toBe(0);
    // Only the other file ran: the nginx test was not even loaded.
    expect(stdout).toMatch(/Test Files +1 passed \(1\)/);
    const line = `Left out: ${nginxLine}`;
    const summary = stdout.indexOf('Test Files');
    expect(stdout.indexOf(line)).toBeGreaterThan(-1);
    expect(stdout.indexOf(line)).toBeLessThan(summary);
    expect(stdout.lastIndexOf(line)).toBeGreaterThan(summary);
  });

  it('fail the run without nginx under TRIBUNE_REQUIRE_ALL=1, with the same line', async () => {
    const { code, stdout, stderr } = await vitest({
      NGINX_PATH: '/nonexistent/nginx',
      TRIBUNE_REQUIRE_ALL: '1',
    });
    expect(code).toBe(1);
    expect(stderr).toContain(`Cannot run (TRIBUNE_REQUIRE_ALL=1): ${nginxLine}`);
    expect(stdout).not.toContain('Test Files');
  });

  it('are left out without Chromium: npm run test:e2e says so and passes', async () => {
    const { code, stdout, stderr } = await e2e({ CHROMIUM_PATH: '/nonexistent/chromium' });
    expect([code, stdout, stderr]).toEqual([0, `Left out: ${chromiumLine}\n`, '']);
  });

  it('fail npm run test:e2e without Chromium under TRIBUNE_REQUIRE_ALL=1, with the same line', async () => {
    const { code, stdout, stderr } = await e2e({
      CHROMIUM_PATH: '/nonexistent/chromium',
      TRIBUNE_REQUIRE_ALL: '1',
    });
    expect([code, stdout, stderr]).toEqual([
      1,
      '',
      `Cannot run (TRIBUNE_REQUIRE_ALL=1): ${chromiumLine}\n`,
    ]);
  });
});
