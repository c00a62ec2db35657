import type { Page } from '@playwright/test';
import { registerAs, signInAs } from './accounts.js';
import { pictureFile, uniqueTitle } from './articleData.js';
import { expect, test } from './fixtures.js';
import { expectNoSidewaysScroll, expectWithinPhoneWidth, onPhone } from './phone.js';
import { postAsNewAuthor } from './authorData.js';
import { dashboardLoadMs } from './dashboard.js';

const dialog = (page: Page) => page.getByRole('alertdialog');
const card = (page: Page, title: string) => page.getByRole('article', { name: title });

/** Registers a fresh author, who posts one pending article through the API; then the admin
 * signs in. Answers the author's session cookies, to look at the article as them later. */
async function pendingArticle(page: Page, title: string) {
  const { author } = await postAsNewAuthor(page, 'Anna Author', {
    title,
    tags: ['politics'],
    description: 'A story for the editors to judge.',
  });
  await page.context().clearCookies();
  await signInAs(page, 'admin');
  return author;
}

/** Opens the admin's article list on the page that shows `title` (others may post meanwhile). */
async function openAdminCard(page: Page, title: string) {
  for (let n = 1; n <= 3; n++) {
    await page.goto(`/admin/allarticles?page=${n}`);
    await expect(page.getByRole('article').first()).toBeVisible();
    if (await card(page, title).isVisible()) return card(page, title);
  }
  throw new Error(`"${title}" is not among the newest articles`);
}

test.describe('the admin area', () => {
  // The refused decline of an approved article logs Chromium's 409 line.
  test.describe(() => {
    test.use({ allowConsoleErrors: /status of 409/ });
    test('approving an article publishes it', async ({ page }) => {
      const title = uniqueTitle('Approve me');
      await pendingArticle(page, title);
      const article = await openAdminCard(page, title);
      await expect(article).toContainText('Pending');
      await expect(article).toContainText('The Harbour Herald');
      await article.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText('Article approved')).toBeVisible();
      await expect(article).toContainText('Approved & Non-Premium');

      await article.getByRole('button', { name: 'Make Premium' }).click();
      await expect(article).toContainText('Approved & Premium');

      // Declining an approved article is refused.
      await article.getByRole('button', { name: 'Decline' }).click();
      await page.getByRole('dialog').getByRole('textbox').fill('Too late');
      await page.getByRole('button', { name: 'Send to Author' }).click();
      await expect(page.getByText('You have already Approved this article')).toBeVisible();
      await page.keyboard.press('Escape');

      await page.goto(`/allpublishedarticles?title=${encodeURIComponent(title)}`);
      await expect(card(page, title)).toBeVisible();
    });
  });

  test('a declined article shows the message to its author', async ({ page }) => {
    const title = uniqueTitle('Decline me');
    const author = await pendingArticle(page, title);
    const article = await openAdminCard(page, title);
    await article.getByRole('button', { name: 'Decline' }).click();
    const decline = page.getByRole('dialog');
    await expect(decline.getByRole('textbox')).toHaveValue('');
    await decline.getByRole('textbox').fill('Please cite your sources.');
    await decline.getByRole('button', { name: 'Send to Author' }).click();
    await expect(page.getByText('Successfully sent to author')).toBeVisible();
    await expect(article).toContainText('Declined');
    await expect(article.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await expect(article.getByRole('button', { name: 'Make Premium' })).toBeDisabled();
    // The dialog opens again with the message sent before.
    await article.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('dialog').getByRole('textbox')).toHaveValue(
      'Please cite your sources.',
    );
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.context().clearCookies();
    await page.context().addCookies(author);
    await page.goto('/myarticles');
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: 'Declined' }).click();
    await expect(dialog(page)).toContainText('Please cite your sources.');
  });

  test('deleting asks first; cancel keeps the article', async ({ page }) => {
    const title = uniqueTitle('Delete me');
    await pendingArticle(page, title);
    const article = await openAdminCard(page, title);

    await article.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog(page).getByRole('heading')).toHaveText('Are you sure?');
    await dialog(page).getByRole('button', { name: 'No, cancel!' }).click();
    await expect(dialog(page)).toContainText('The Article is not deleted');
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(article).toBeVisible();

    await article.getByRole('button', { name: 'Delete' }).click();
    await dialog(page).getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(dialog(page)).toContainText('The Article has been deleted.');
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(article).toBeHidden();
  });

  test('articles and users come three a page', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/admin/allarticles');
    await expect(page.getByRole('article')).toHaveCount(3);
    const first = await page.getByRole('article').first().getAttribute('aria-label');
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('article').first()).not.toHaveAttribute('aria-label', first ?? '');

    await page.goto('/admin/allusers');
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(4);
    await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  test('an admin makes a new user an admin', async ({ page }) => {
    const email = await registerAs(page, 'Nina Newcomer');
    await page.context().clearCookies();
    await signInAs(page, 'admin');
    // Newest first, but other tests register users at the same time: find the user's page.
    let userPage = 1;
    for (; userPage < 20; userPage += 1) {
      const res = await page.request.get(`/api/users?page=${userPage}&limit=3`);
      const users = (await res.json()) as { email: string }[];
      if (users.some((user) => user.email === email.toLowerCase())) break;
    }
    await page.goto(`/admin/allusers?page=${userPage}`);
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: 'Make Admin' }).click();
    await expect(page.getByText('Nina Newcomer is an admin now')).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();
  });

  test('the users table fits a phone, each email under its name and the action in sight', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, 'admin');
    await page.goto('/admin/allusers');
    await expect(page.getByRole('row')).toHaveCount(4);
    const scroller = page.getByRole('table').locator('..');
    expect(await scroller.evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0);
    for (const row of (await page.getByRole('row').all()).slice(1)) {
      const [person, action] = [row.getByRole('cell').first(), row.getByRole('cell').last()];
      await expect(person.getByText(/@/)).toBeVisible();
      await expect(action).toBeInViewport({ ratio: 1 });
    }
  });

  test('a new publisher can be chosen for an article', async ({ page }) => {
    await signInAs(page, 'admin');
    const name = uniqueTitle('Zephyr Dispatch');
    await page.goto('/admin/addpublisher');
    await expect(page.getByRole('heading', { name: 'Add Publisher Here' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Publisher' }).click();
    await expect(page.getByText('Publisher name is required')).toBeVisible();

    await page.getByPlaceholder('Write Publisher Name here').fill(name);
    await page.getByLabel('Publisher Logo', { exact: true }).setInputFiles(await pictureFile());
    await expect(page.getByText('Image uploaded.')).toBeVisible();
    await page.getByRole('button', { name: 'Add Publisher' }).click();
    await expect(page.getByText('Publisher added')).toBeVisible();
    await expect(page.getByPlaceholder('Write Publisher Name here')).toHaveValue('');

    await page.goto('/addArticle');
    const publisher = page.getByRole('combobox', { name: 'Publisher' });
    await publisher.fill(name);
    await page.getByRole('option', { name }).click();
    await expect(publisher).toHaveValue(name);
  });

  test('the dashboard draws five charts and lists the newsletter sends', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    for (const heading of [
      'Readers',
      'Visitors and page views',
      'Pie Chart',
      'Line Chart',
      'Column chart',
      'Newsletter subscribers',
      'Newsletter sends',
    ]) {
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(page.locator('.recharts-wrapper > .recharts-surface')).toHaveCount(5, {
      timeout: dashboardLoadMs,
    });
    const subscribers = page.locator('figure').filter({ hasText: 'Newsletter subscribers' });
    await subscribers.getByRole('button', { name: 'Last 90 days' }).click();
    await expect(subscribers.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await subscribers.getByText('Show the figures as a table').click();
    await expect(subscribers.getByRole('table').getByRole('row')).toHaveCount(91);
    await expect(page.locator('.recharts-pie-sector').first()).toBeVisible();
    await expect(page.getByText('View Count', { exact: true }).first()).toBeVisible();
  });

  test('All Articles fits a phone: each author’s whole address shown, nothing off screen', async ({
    page,
  }) => {
    await onPhone(page);
    await signInAs(page, 'admin');
    await page.goto('/admin/allarticles');
    const cards = page.getByRole('main').getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    for (const address of await cards.getByText(/@/).all()) {
      await expect(address).toBeVisible();
      // Wrapped after its @ if need be, never cut off.
      expect(await address.evaluate((line) => line.scrollWidth - line.clientWidth)).toBe(0);
      await expectWithinPhoneWidth(address);
    }
  });

  test('the dashboard fits a phone: every point and bar named, no words cut off', async ({
    page,
  }) => {
    await onPhone(page);
    await signInAs(page, 'admin');
    await page.goto('/admin/dashboard');
    // The pie's percentages are drawn once its animation ends.
    await expect(page.locator('.recharts-pie-label-text').first()).toBeVisible({
      timeout: 10_000,
    });

    const line = page.locator('figure').filter({ hasText: 'Line Chart' });
    const points = await line.locator('.recharts-line-dot').count();
    expect(points).toBeGreaterThan(1);
    const xLabels = (chart: typeof line) => chart.locator('.recharts-xAxis-tick-labels text');
    await expect(xLabels(line)).toHaveCount(points);
    const columns = page.locator('figure').filter({ hasText: 'Column chart' });
    for (const kind of ['Premium', 'Non-Premium']) {
      await expect(xLabels(columns).getByText(kind, { exact: true })).toBeVisible();
    }

    // Every label, tick and percentage lies inside its chart's drawing.
    const outside = await page.locator('svg.recharts-surface').evaluateAll((charts) =>
      charts.flatMap((chart) => {
        const frame = chart.getBoundingClientRect();
        return [...chart.querySelectorAll('text')].flatMap((text) => {
          const box = text.getBoundingClientRect();
          const inside =
            box.left >= frame.left - 1 &&
            box.right <= frame.right + 1 &&
            box.top >= frame.top - 1 &&
            box.bottom <= frame.bottom + 1;
          return inside || box.width === 0 ? [] : [text.textContent];
        });
      }),
    );
    expect(outside).toEqual([]);
  });
});
