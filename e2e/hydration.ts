import type { Page } from '@playwright/test';

/**
 * Waits until React has taken over the page. Nothing on a guest's page looks different once it
 * has, so this asks React's own mark on the elements it manages (a `__reactFiber` property).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const nav = document.querySelector('nav[aria-label="Main"] a');
    return nav !== null && Object.keys(nav).some((key) => key.startsWith('__reactFiber'));
  });
}
