import type { Page } from '@playwright/test';
import { demo, signInAs } from './accounts.js';
import { listArticles } from './articleData.js';
import { expect, test } from './fixtures.js';
import { hydrated } from './hydration.js';

/*
 * Pages arrive as the server rendered them and the app takes them over in place (hydration):
 * no warning on the console (the fixtures fail a test on any error, React's hydration errors
 * included), and the next page is drawn by the app, not fetched as a new document. Without
 * JavaScript, the server's HTML alone serves the reader.
 */

/** Every document the page fetches: a hydrated app fetches only the first. */
function documentLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') loads.push(request.url());
  });
  return loads;
}

/** Warnings are not errors, but a page that hydrated cleanly logs none. */
function consoleWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  return warnings;
}

test.describe('server-rendered pages', () => {
  test('a guest page hydrates without warnings and then navigates on the client', async ({
    page,
  }) => {
    const loads = documentLoads(page);
    const warnings = consoleWarnings(page);

    await page.goto('/');
    await expect(page).toHaveTitle('Tribune — Independent news for curious readers');
    await hydrated(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'All Articles' })
      .click();
    await expect(page).toHaveTitle('All Articles | Tribune');
    // The newest free article, whichever it is (other tests add and edit articles meanwhile).
    await page.getByRole('link', { name: 'Detail' }).first().click();
    await expect(page).toHaveURL(/\/articles\/\d+$/);
    const id = new URL(page.url()).pathname.split('/').at(-1)!;
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await expect(page).toHaveTitle(`${await heading.innerText()} | Tribune`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/articles/${id}$`),
    );

    expect(loads).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  test('an article opened directly hydrates and keeps its head', async ({ page, request }) => {
    const { articles } = await listArticles(request, {
      isApproved: 'true',
      isPremium: 'true',
      sortBy: 'viewCount',
    });
    const premium = articles[0]!;
    const warnings = consoleWarnings(page);
    const loads = documentLoads(page);

    await page.goto(`/articles/${premium._id}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: premium.name })).toBeVisible();
    await expect(page.getByText('This is a premium article. Subscribe to read it.')).toBeVisible();
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home' })
      .click();
    await expect(page.getByRole('region', { name: 'Publishers' })).toBeVisible();
    // The article's own tags went with it.
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'website');
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    expect(loads).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  test("a signed-in reader's page hydrates into their own menu", async ({ page, request }) => {
    await signInAs(page, 'premium');
    const warnings = consoleWarnings(page);
    const loads = documentLoads(page);
    const { articles } = await listArticles(request, {
      isApproved: 'true',
      isPremium: 'true',
      sortBy: 'viewCount',
    });
    const premium = articles[0]!;

    await page.goto(`/articles/${premium._id}`);
    await expect(page.getByText('This is a premium article. Subscribe to read it.')).toHaveCount(0);
    await page.getByRole('button', { name: demo.premium.name }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(page).toHaveTitle('My Profile | Tribune');
    expect(loads).toHaveLength(1);
    expect(warnings).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a reader opens an article from the home page and reads it', async ({ page }) => {
    await page.goto('/');
    const link = page.locator('main a[href^="/articles/"]').first();
    const href = await link.getAttribute('href');
    await page.goto(href!);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const text = await page.locator('article').innerText();
    // The whole text of a free article, or a premium one's excerpt and the prompt.
    expect(text.length).toBeGreaterThan(200);
  });

  test("every trending card can be reached, the carousel's cards scrolling sideways", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Trending' });
    const slides = carousel.locator('[aria-roledescription="slide"]');
    await expect(slides.nth(1)).not.toBeInViewport();
    // The reader's own sideways scroll (a swipe, a trackpad) moves them.
    await slides.first().hover();
    await expect(async () => {
      await page.mouse.wheel(400, 0);
      await expect(slides.last()).toBeInViewport({ ratio: 0.9, timeout: 500 });
    }).toPass();
    await expect(slides.first()).not.toBeInViewport();
  });

  test('All Articles searches with its form and pages with its links', async ({
    page,
    request,
  }) => {
    const { articles, total } = await listArticles(request, { isApproved: 'true', limit: '1' });
    expect(total).toBeGreaterThan(12);
    const wanted = articles[0]!;

    await page.goto('/allpublishedarticles');
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    const word = wanted.name.split(' ').find((part) => part.length > 4) ?? wanted.name;
    await page.getByLabel('Title').fill(word);
    await page
      .getByRole('search', { name: 'Search articles' })
      .getByRole('button', { name: 'Search' })
      .click();
    await expect(page).toHaveURL(new RegExp(`title=${encodeURIComponent(word)}`));
    await expect(page.getByRole('article', { name: wanted.name })).toBeVisible();
  });
});
