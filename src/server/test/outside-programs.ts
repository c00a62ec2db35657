import { existsSync } from 'node:fs';

/**
 * The programs from outside npm that some tests need: nginx for the test of the deployment
 * guide's nginx example, Chromium for the browser tests. Without one, a run leaves those tests
 * out and says so in one line, at its start and in its summary (vitest.config.ts,
 * scripts/e2e.ts); with TRIBUNE_REQUIRE_ALL=1, as CI sets, the run fails with the same line
 * instead, so that CI always runs every test.
 */

/** Tests a missing program leaves out, why, and what brings it ("To include it: …"). */
export interface Missing {
  tests: string;
  reason: string;
  remedy: string;
}

export function requireAll(): boolean {
  return process.env.TRIBUNE_REQUIRE_ALL === '1';
}

/** The line a run prints for a missing program: left out, or under TRIBUNE_REQUIRE_ALL, failed. */
export function missingLine(missing: Missing): string {
  const what = `${missing.tests}, as ${missing.reason}. ${missing.remedy}.`;
  return requireAll() ? `Cannot run (TRIBUNE_REQUIRE_ALL=1): ${what}` : `Left out: ${what}`;
}

export const nginxTestFile = 'src/server/proxy.process.test.ts';

export function nginxPath(): string {
  return process.env.NGINX_PATH ?? '/usr/sbin/nginx';
}

export function missingNginx(): Missing | undefined {
  const file = nginxPath();
  if (existsSync(file)) return undefined;
  return {
    tests: `the test of the nginx example (${nginxTestFile})`,
    reason: `nginx is not at ${file}`,
    remedy: 'To include it: apt-get install nginx, or set NGINX_PATH',
  };
}

/**
 * The Chromium the browser tests run: CHROMIUM_PATH when it is set (and then only that, as
 * for NGINX_PATH), else Debian's or Ubuntu's, else Playwright's own, for which the path is
 * left undefined so that Playwright picks it.
 */
export async function findChromium(): Promise<
  { executablePath: string | undefined } | { missing: Missing }
> {
  const tests = 'the browser tests (npm run test:e2e)';
  const named = process.env.CHROMIUM_PATH;
  if (named) {
    if (existsSync(named)) return { executablePath: named };
    return {
      missing: {
        tests,
        reason: `CHROMIUM_PATH names ${named}, which is not there`,
        remedy:
          'To include them: point CHROMIUM_PATH at a Chromium or Chrome, or unset it and run npx playwright install chromium',
      },
    };
  }
  const system = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((file) =>
    existsSync(file),
  );
  if (system) return { executablePath: system };
  // Loaded only here: the unit tests' configuration asks about nginx alone.
  const { chromium } = await import('@playwright/test');
  if (existsSync(chromium.executablePath())) return { executablePath: undefined };
  return {
    missing: {
      tests,
      reason: 'there is no Chromium at /usr/bin/chromium nor from Playwright',
      remedy:
        'To include them: npx playwright install chromium (Debian: apt-get install chromium), or set CHROMIUM_PATH',
    },
  };
}
