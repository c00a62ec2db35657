import type { APIRequestContext, Page } from '@playwright/test';
import { signInAs } from './accounts.js';
import { expect, test } from './fixtures.js';
import { hydrated } from './hydration.js';

interface TrendingItem {
  _id: string;
  name: string;
  isPremium: boolean;
  viewCount: number;
}

interface Statistics {
  totalUsers: number;
  normalUsers: number;
  premiumUsers: number;
}

const trendingUrl = '/api/articles?isApproved=true&sortBy=viewCount&limit=6';

async function readJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

const carousel = (page: Page) => page.getByRole('region', { name: 'Trending' });
const slides = (page: Page) => carousel(page).locator('[aria-roledescription="slide"]');

/**
 * Once React has run the effects of hydration: they run after its commit, in a task of their own
 * at the latest before the next frame is drawn.
 */
function afterHydrationEffects(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
  );
}

/**
 * Runs the page's timers through 2.5 s at once, more than autoplay's 2 s turn, on the page's
 * clock (`page.clock.install()` before the page loads, which otherwise lets time flow).
 */
async function moreThanAutoplaysTurn(page: Page): Promise<void> {
  await page.clock.runFor(2500);
}

/** The slides at least 90% inside the carousel's visible window, by title. */
async function visibleTitles(page: Page): Promise<string[]> {
  return slides(page).evaluateAll((elements) => {
    const viewport = elements[0]!.parentElement!.parentElement!.getBoundingClientRect();
    return elements
      .filter((slide) => {
        const box = slide.getBoundingClientRect();
        const inside = Math.min(box.right, viewport.right) - Math.max(box.left, viewport.left);
        return inside >= box.width * 0.9;
      })
      .map((slide) => slide.querySelector('h3')?.textContent ?? '');
  });
}

test.describe('home page', () => {
  test('the sections come in the spec order', async ({ page }) => {
    await page.goto('/');
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(headings).toHaveText([
      'Trending',
      'Publishers',
      'Statistics',
      'Plans',
      'About Tribune',
      'Feedback',
    ]);
  });

  for (const { width, cards } of [
    { width: 1280, cards: 3 },
    { width: 900, cards: 2 },
    { width: 480, cards: 1 },
  ]) {
    test(`the carousel shows ${cards} card(s) at ${width} px`, async ({ page, request }) => {
      // Without autoplay the slides stand still while they are counted.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.setViewportSize({ width, height: 900 });
      const trending = await readJson<TrendingItem[]>(request, trendingUrl);
      await page.goto('/');
      await expect(slides(page)).toHaveCount(trending.length);
      await expect(slides(page).first()).toHaveAttribute('aria-label', `1 of ${trending.length}`);
      expect(await visibleTitles(page)).toHaveLength(cards);
      // Reduced motion: no autoplay and no pause button.
      await expect(
        carousel(page).getByRole('button', { name: /automatic slide show/ }),
      ).toHaveCount(0);
    });
  }

  test('the carousel shows the most viewed articles and moves by itself', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await expect(slides(page)).toHaveCount(6);
    const shown = await slides(page).locator('h3').allTextContents();
    const trending = await readJson<TrendingItem[]>(request, trendingUrl);
    // Views from other tests may reorder the list between the two reads: most titles agree.
    const names = new Set(trending.map((article) => article.name));
    expect(shown.filter((title) => names.has(title)).length).toBeGreaterThanOrEqual(4);

    const first = (await visibleTitles(page))[0];
    // It starts when the page is first idle (two seconds at most), then moves every two.
    await expect
      .poll(async () => (await visibleTitles(page))[0], { timeout: 8000 })
      .not.toBe(first);
  });

  test('the carousel starts when the reader reaches for it, and nothing below it moves then', async ({
    page,
  }) => {
    // A page that is never idle: the carousel waits for the reader.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    // What happened in which order: the reader reaching for the carousel, its code requested.
    const events: string[] = [];
    page.on('request', (sent) => {
      if (/\/assets\/embla-carousel-[^/]*\.js$/.test(sent.url())) events.push('code requested');
    });
    await page.goto('/');
    const region = carousel(page);
    await hydrated(page);
    await afterHydrationEffects(page);
    const dots = region.getByRole('button', { name: /^Show slide/ });
    await expect(dots, 'not started by hydration').toHaveCount(0);
    const below = page.getByRole('heading', { name: 'Publishers', level: 2 });
    const before = await below.boundingBox();

    events.push('reached for');
    await region.getByRole('button', { name: 'Next slide' }).click();
    await expect(dots).toHaveCount(6);
    expect(events[0], 'its code is fetched when the reader reaches for it').toBe('reached for');
    expect(events).toContain('code requested');
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    expect(await below.boundingBox()).toEqual(before);
  });

  test('the carousel stops moving when the reader comes to prefer reduced motion, and goes on after', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    const region = carousel(page);
    const dots = region.getByRole('button', { name: /^Show slide/ });
    const current = region.locator('[aria-current="true"]');
    await expect(dots).toHaveCount(6);
    await page.mouse.move(0, 0);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(region.getByRole('button', { name: /automatic slide show/ })).toHaveCount(0);
    // The same carousel, still on its slide and moved by hand, but no longer by itself.
    const standing = await current.getAttribute('aria-label');
    await moreThanAutoplaysTurn(page);
    await expect(current).toHaveAttribute('aria-label', standing!);
    await region.getByRole('button', { name: 'Next slide' }).click();
    await expect(current).not.toHaveAttribute('aria-label', standing!);

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect(region.getByRole('button', { name: 'Stop automatic slide show' })).toBeVisible();
    // Neither the pointer nor focus left in it, which each hold it still.
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const moved = await current.getAttribute('aria-label');
    await expect(current).not.toHaveAttribute('aria-label', moved!, { timeout: 5000 });
  });

  test.describe(() => {
    test.use({ allowConsoleErrors: /Failed to load resource/ });

    test("the carousel's slides still scroll by hand when its code cannot be fetched", async ({
      page,
    }) => {
      await page.route(/\/assets\/embla-carousel/, (route) => route.abort());
      // It starts when the page is first idle or when reached for, whichever comes first.
      const refused = page.waitForEvent('requestfailed', (sent) =>
        /\/assets\/embla-carousel/.test(sent.url()),
      );
      await page.goto('/');
      await hydrated(page);
      const region = carousel(page);
      const track = slides(page).first().locator('xpath=../..');
      // Reached for, so it tries to start at once; the page goes on without it, no error thrown.
      await region.getByRole('button', { name: 'Next slide' }).click();
      await refused;
      await expect(region.getByRole('button', { name: /^Show slide/ })).toHaveCount(0);
      await track.evaluate((element) => element.scrollBy({ left: element.clientWidth }));
      await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    });
  });

  test('the carousel is usable by keyboard and pauses', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const region = carousel(page);
    await region.getByRole('button', { name: 'Stop automatic slide show' }).click();
    await expect(region.getByRole('button', { name: 'Start automatic slide show' })).toBeVisible();
    const dots = region.getByRole('button', { name: /^Show slide/ });
    await expect(dots).toHaveCount(6);
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    // Once paused and with the pointer away, it stays on its slide.
    await page.mouse.move(0, 0);
    await region.getByRole('button', { name: 'Next slide' }).press('Enter');
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await dots.nth(4).focus();
    await page.keyboard.press('Enter');
    await expect(dots.nth(4)).toHaveAttribute('aria-current', 'true');
    // Focus left in it would hold it still too: only the pause may.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await moreThanAutoplaysTurn(page);
    await expect(dots.nth(4)).toHaveAttribute('aria-current', 'true');
  });

  test("a premium card's Detail is disabled for a guest and open to a premium reader", async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(slides(page)).toHaveCount(6);
    const trending = await readJson<TrendingItem[]>(request, trendingUrl);
    const shown = new Set(await slides(page).locator('h3').allTextContents());
    const premium = trending.find((article) => article.isPremium && shown.has(article.name));
    expect(premium, 'a premium article in the carousel').toBeDefined();

    const card = carousel(page).getByRole('article', { name: premium!.name });
    await expect(card.getByText('Premium', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Detail' })).toBeDisabled();
    await expect(card.getByRole('button', { name: 'Detail' })).toHaveAccessibleDescription(
      /subscribe to read/,
    );

    await signInAs(page, 'premium');
    await page.reload();
    const link = carousel(page)
      .getByRole('article', { name: premium!.name })
      .getByRole('link', { name: 'Detail' });
    await expect(link).toHaveAttribute('href', `/articles/${premium!._id}`);
  });

  test('the counters settle at the numbers the API gives', async ({ page, request }) => {
    const before = await readJson<Statistics>(request, '/api/statistics');
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Statistics' });
    const counters = section.locator('[data-value]');
    await expect(counters).toHaveCount(3);
    const after = await readJson<Statistics>(request, '/api/statistics');
    const values = (await counters.evaluateAll((elements) =>
      elements.map((element) => Number(element.getAttribute('data-value'))),
    )) as [number, number, number];
    const shown = { totalUsers: values[0], normalUsers: values[1], premiumUsers: values[2] };
    // Other tests register readers meanwhile: the page holds the numbers of one of the reads.
    expect([before, after]).toContainEqual(shown);

    for (const [index, label] of ['Total Users', 'Normal Users', 'Premium Users'].entries()) {
      await expect(section.getByText(label)).toBeVisible();
      const number = new Intl.NumberFormat('en-US').format(values[index]!);
      await expect(counters.nth(index).locator('[aria-hidden="true"]')).toHaveText(number);
    }
  });

  test('the counters count up when they come into view, from the real numbers the page holds', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Statistics' });
    const total = section.locator('[data-value]').first();
    const final = Number(await total.getAttribute('data-value'));
    const text = new Intl.NumberFormat('en-US').format(final);
    // Below the fold, the number itself: nothing counts where no one sees it.
    await expect(section).not.toBeInViewport();
    await expect(total.locator('[aria-hidden="true"]')).toHaveText(text);
    // Once the browser has told the page's observers that the counters are out of view (ours,
    // made after the page's, is told after it), and the page has drawn what it did about it.
    await hydrated(page);
    await total.evaluate(
      (element) =>
        new Promise<void>((resolve) => {
          const observer = new IntersectionObserver(() => {
            observer.disconnect();
            requestAnimationFrame(() => setTimeout(resolve));
          });
          observer.observe(element);
        }),
    );
    await expect(total.locator('[aria-hidden="true"]')).toHaveText(text);

    // Every number drawn from the moment it is scrolled to. How many frames a busy machine
    // draws in the count's 1.5 s varies; what holds is 0 first, the number last, rising between.
    await total.evaluate((element) => {
      const shown = element.querySelector('[aria-hidden="true"]')!;
      const seen: number[] = [];
      (window as typeof window & { seen: number[] }).seen = seen;
      new MutationObserver(() => seen.push(Number(shown.textContent!.replace(/\D/g, '')))).observe(
        shown,
        { subtree: true, characterData: true, childList: true },
      );
    });
    await section.scrollIntoViewIfNeeded();
    const read = () => page.evaluate(() => (window as typeof window & { seen: number[] }).seen);
    // The text is the number before the count starts too: wait for the count to end on it.
    await expect.poll(async () => (await read()).at(-1)).toBe(final);
    await expect(total.locator('[aria-hidden="true"]')).toHaveText(text);
    const seen = await read();
    expect(seen[0]).toBe(0);
    expect(seen.some((value) => value > 0 && value < final)).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  test('feedback waits, thanks, lists newest first, survives a reload and refuses an empty box', async ({
    page,
  }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Feedback' });
    await expect(section.getByText('No feedback yet.')).toBeVisible();
    const box = section.getByRole('textbox', { name: 'Your feedback' });
    const submit = section.getByRole('button', { name: 'Submit Feedback' });

    await expect(submit).toBeDisabled();
    await box.fill('   ');
    await expect(submit).toBeDisabled();

    for (const message of ['The harbour coverage is excellent.', 'More sport, please.']) {
      await box.fill(message);
      await submit.click();
      await expect(section.getByRole('status')).toHaveText('Submitting Feedback...');
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toContainText('Feedback Submitted!');
      await expect(dialog).toContainText('Thank you for your valuable feedback.');
      await dialog.getByRole('button', { name: 'OK' }).press('Enter');
      await expect(box).toHaveValue('');
      // Submit is disabled with the box empty: focus goes back to the box, not the page top.
      await expect(box).toBeFocused();
      await expect(section.getByRole('listitem').first()).toContainText(message);
    }

    await page.reload();
    const items = page.getByRole('region', { name: 'Feedback' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('More sport, please.');
    await expect(items.nth(1)).toContainText('The harbour coverage is excellent.');
  });

  test("each plan's Subscribe leads to /subscription with its price and period", async ({
    page,
  }) => {
    // The subscription page needs a sign-in.
    await signInAs(page, 'reader');
    const expected = [
      { plan: 'Free for One Minutes', price: 1, period: 1 / 1440 },
      { plan: '5 Days', price: 10, period: 5 },
      { plan: '10 Days', price: 20, period: 10 },
    ];
    for (const { plan, price, period } of expected) {
      await page.goto('/');
      const card = page.getByRole('region', { name: 'Plans' }).getByRole('article', { name: plan });
      await expect(card).toContainText(
        'Access to all articles, daily newsletter, priority support, no ads.',
      );
      await card.getByRole('link', { name: /^Subscribe/ }).click();
      await expect(page).toHaveURL(/\/subscription$/);
      // React Router keeps navigation state in history.state.usr.
      const state = await page.evaluate(() => (window.history.state as { usr: unknown }).usr);
      expect(state).toEqual({ price, period });
    }
  });
});
