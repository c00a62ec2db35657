import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.js';

/** The narrowest phone the layout is held to. */
export const phoneWidth = 320;

/** Makes the page's window as wide as that phone. */
export function onPhone(page: Page): Promise<void> {
  return page.setViewportSize({ width: phoneWidth, height: 800 });
}

/** The page does not scroll sideways: nothing in it is wider than the phone. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    phoneWidth,
  );
}

/** The element is wholly on the phone's screen from left to right. */
export async function expectWithinPhoneWidth(element: Locator): Promise<void> {
  const box = (await element.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(phoneWidth);
}
