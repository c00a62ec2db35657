import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { startGoogleIssuer } from './src/server/test/google-issuer.js';
import { findChromium, missingLine } from './src/server/test/outside-programs.js';

/**
 * Browser tests run the built app (`npm run build` first) on a free port with a fresh data
 * folder, in Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own
 * (src/server/test/outside-programs.ts; without one, `npm run test:e2e` leaves the tests out and
 * says so). The port and folder go into the environment so the test workers, which load this
 * file again, see the same ones.
 */
const chromium = await findChromium();
if ('missing' in chromium) throw new Error(missingLine(chromium.missing));
process.env.E2E_PORT ??= String(await freePort());
// A local OpenID Connect issuer stands in for Google. It lives in the runner's process for the
// whole run; workers find its address in the environment.
process.env.E2E_GOOGLE_DISCOVERY_URL ??= (await startGoogleIssuer()).discoveryUrl;
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'tribune-e2e-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromium.executablePath,
          args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
        },
      },
    },
  ],
  webServer: {
    command: 'node dist/server/main.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Each test sends its own client address (see e2e/fixtures.ts).
      TRUST_PROXY: 'true',
      GOOGLE_CLIENT_ID: 'tribune-e2e',
      GOOGLE_CLIENT_SECRET: 'e2e-secret',
      GOOGLE_DISCOVERY_URL: process.env.E2E_GOOGLE_DISCOVERY_URL,
      // The paywall as it was before the reading meter, which the other tests expect of a
      // guest; e2e/paywall-meter.spec.ts starts a server of its own with the meter on.
      METER_GUEST_FREE: '0',
      METER_REGISTERED_FREE: '0',
    },
  },
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
