import type { Page } from '@playwright/test';

/**
 * Keeps toasts on screen until the test has read them, however slow the machine is. A toast
 * closes after 1.5 s (spec), so on a loaded machine a check that polls once a second can miss
 * it; sonner stops a toast's clock while the reader is on another tab, which this pretends from
 * before the first script runs on every page the test opens. Not for tests of things that stop
 * in a hidden tab (the carousel, the subscription prompt).
 */
export async function keepToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
  });
}
