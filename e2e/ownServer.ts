import { spawn, type ChildProcess } from 'node:child_process';
import {
  freePort,
  startupMs,
  stopAll,
  tempDir,
  waitForHealth,
} from '../src/server/test/processes.js';
import { test } from './fixtures.js';

/**
 * Runs this spec file on a server of its own, built as the other tests' is (the same build,
 * demo content and settings) but with `env` besides: for a feature whose figures or settings the
 * shared server's other tests would disturb. Answers the server's address, which the file's
 * tests use as their base URL.
 */
export async function ownServer(env: Record<string, string> = {}): Promise<string> {
  const port = await freePort();
  const site = `http://localhost:${port}`;
  test.use({ baseURL: site });

  let server: ChildProcess | undefined;
  test.beforeAll(async () => {
    test.setTimeout(startupMs + 10_000);
    let output = '';
    const child = spawn(process.execPath, ['dist/server/main.js'], {
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: site,
        DATA_DIR: tempDir(),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        // Each test sends its own client address (see e2e/fixtures.ts).
        TRUST_PROXY: 'true',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await waitForHealth({ child, port, url: site, exited, output: () => output });
  });

  test.afterAll(() => {
    server?.kill('SIGKILL');
    // Removes the server's data folder.
    stopAll();
  });
  return site;
}
