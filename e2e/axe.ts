import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

/** WCAG 2.2 A and AA, and axe's best practices. */
const rules = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Runs axe-core on the page as it is and fails on any violation, naming each and where. It
 * waits first for the page's finite animations and transitions (a toast sliding and fading in,
 * a dialog opening) to end: axe reads the colours of that moment, and text half faded in has
 * half its contrast. Endless ones (a spinner) are not waited for.
 */
export async function expectNoViolations(page: Page, what: string): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 5_000 },
  );
  const { violations } = await new AxeBuilder({ page }).withTags(rules).analyze();
  const found = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(found, what).toEqual([]);
}
