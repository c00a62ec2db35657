import { test as base, expect } from '@playwright/test';

interface Options {
  /**
   * Console errors a test expects, e.g. Chromium's "Failed to load resource: the server
   * responded with a status of 401" when the test submits a wrong password on purpose.
   */
  allowConsoleErrors: RegExp | null;
}

/**
 * Playwright's trace recorder fetches blob: images (a photo's preview) from inside the page to
 * snapshot them, and the Content-Security-Policy (connect-src 'self') refuses that. The app
 * itself never fetches blob: URLs, so this message is never the app's fault.
 */
const traceRecorderNoise =
  /^Connecting to 'blob:.*violates the following Content Security Policy directive: "connect-src/;

/**
 * Every browser test fails when the page logs a console error or throws, so broken requests
 * and React warnings cannot hide behind a passing assertion. A test can allow the few it causes
 * on purpose: `test.use({ allowConsoleErrors: /status of 401/ })` (one pattern: join several
 * with `|`; Playwright would read a list of two as a value and its options).
 */
export const test = base.extend<{ failOnConsoleErrors: void } & Options>({
  allowConsoleErrors: [null, { option: true }],
  // The server limits sign-ins and registrations per client address, and every browser test
  // comes from 127.0.0.1. The e2e server trusts X-Forwarded-For (as behind a proxy), and each
  // test gets its own address, so tests do not use up each other's allowance.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const n = hashTitle(testInfo.titlePath.join(' ')) + testInfo.retry;
    const address = `10.${Math.floor(n / 62500) % 250}.${Math.floor(n / 250) % 250}.${n % 250}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address });
  },
  failOnConsoleErrors: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      const allowed = (text: string) =>
        [traceRecorderNoise, allowConsoleErrors].some((pattern) => pattern?.test(text));
      page.on('console', (message) => {
        if (message.type() === 'error' && !allowed(message.text())) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use();
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

function hashTitle(title: string): number {
  let hash = 0;
  for (const char of title) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_000;
  return hash;
}

export { expect };
