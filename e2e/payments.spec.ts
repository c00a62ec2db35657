import type { Page } from '@playwright/test';
import type { UserRecord } from '../src/shared/accounts.js';
import { demo, registerAs, signInAs } from './accounts.js';
import { listArticles, readArticle } from './articleData.js';
import { expect, test } from './fixtures.js';
import { expirePremium } from './serverClock.js';

const premiumLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Premium Articles' });

async function recordOf(page: Page, email: string): Promise<UserRecord> {
  const response = await page.request.get(`/api/users?email=${encodeURIComponent(email)}`);
  return (await response.json()) as UserRecord;
}

/** From the home page's 1-minute plan card to the card form. */
async function checkoutOneMinutePlan(page: Page): Promise<void> {
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Plans' })
    .getByRole('article', { name: 'Free for One Minutes' })
    .getByRole('link', { name: /^Subscribe/ })
    .click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(
    page.getByRole('radio', { name: '1 minute (for assignment checking) $1' }),
  ).toBeChecked();
  await expect(page.getByRole('article', { name: 'Free for One Minutes' })).toContainText('$1');
  await page.getByRole('button', { name: 'checkout now' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByText('Demo payment: no real charge.')).toBeVisible();
}

async function payWith(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $1' }).click();
}

test.describe('subscribing', () => {
  test('a free reader buys the 1-minute plan, is thanked, and reads premium until it runs out', async ({
    page,
  }) => {
    await page.clock.install();
    const email = await registerAs(page, 'Ada Buyer');
    await checkoutOneMinutePlan(page);
    await expect(premiumLink(page)).toHaveCount(0);

    await payWith(page, '4242 4242 4242 4242');
    await expect(page.getByText('Thank you for the payment')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const record = await recordOf(page, email);
    expect(record.isPremium).toBe(true);
    expect(record.subscriptionHistory).toEqual([
      expect.objectContaining({ price: 1, transactionId: expect.stringMatching(/^pi_/) }),
    ]);

    // The purchase is on the reader's profile, as a receipt.
    await page.goto('/myprofile');
    const premium = page.getByRole('region', { name: 'Premium' });
    await expect(premium).toContainText('Your premium access runs until');
    await expect(
      premium.getByRole('table', { name: 'Subscription history' }).getByRole('row'),
    ).toHaveCount(2);
    await expect(premium).toContainText(record.subscriptionHistory[0]!.transactionId);

    await premiumLink(page).click();
    await expect(page).toHaveURL(/\/premiumarticles$/);
    const { articles } = await listArticles(page.request, {
      isApproved: 'true',
      isPremium: 'true',
    });
    const article = articles[0]!;
    await page
      .getByRole('article', { name: article.name })
      .getByRole('link', { name: 'Detail' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.name);
    const { description } = await readArticle(page.request, article._id);
    const lastParagraph = description
      .split(/\n\s*\n/)
      .at(-1)!
      .trim();
    await expect(page.getByText(lastParagraph)).toBeVisible();

    // The minute is up: within one 30-second refresh, without a reload, premium is gone.
    await page.goto(`/allpublishedarticles?title=${encodeURIComponent(article.name)}`);
    const card = page.getByRole('article', { name: article.name });
    await expect(card.getByRole('link', { name: 'Detail' })).toBeVisible();
    expirePremium(email);
    await page.clock.runFor(31_000);
    await expect(premiumLink(page)).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Detail' })).toBeDisabled();
  });

  test.describe(() => {
    test.use({ allowConsoleErrors: /status of 402/ });

    test('a declined card shows its error under the form and grants nothing', async ({ page }) => {
      const email = await registerAs(page, 'Ben Declined');
      await checkoutOneMinutePlan(page);
      await payWith(page, '4000 0000 0000 0002');

      await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
      await expect(page).toHaveURL(/\/payment$/);
      await expect(premiumLink(page)).toHaveCount(0);
      const record = await recordOf(page, email);
      expect(record).toMatchObject({ isPremium: false, subscriptionHistory: [] });
    });
  });

  test('the period selector changes the plan, and the payment page needs a chosen plan', async ({
    page,
  }) => {
    await signInAs(page, 'writer');
    // The pay button waits for the payment's secret: hold the server's answer back a while.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/create-payment-intent', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/subscription');
    await page.getByRole('radio', { name: '10 days $20' }).check();
    await expect(page.getByRole('article', { name: '10 Days' })).toContainText('$20');
    await page.getByRole('button', { name: 'checkout now' }).click();
    await expect(page.getByRole('complementary', { name: 'Your order' })).toContainText(
      demo.writer.name,
    );
    await expect(page.getByRole('button', { name: 'Pay $20' })).toBeDisabled();
    release();
    await expect(page.getByRole('button', { name: 'Pay $20' })).toBeEnabled();

    // Opened directly, with no plan carried along (going to the same URL would count as a
    // reload, which keeps the state).
    await page.goto('/');
    await page.goto('/payment');
    await expect(page.getByText('Choose a plan first.')).toBeVisible();
    await page.getByRole('link', { name: 'See the plans' }).click();
    await expect(page).toHaveURL(/\/subscription$/);
  });
});

test.describe('the subscription prompt', () => {
  test('asks a reader without premium after 10 seconds on the home page', async ({ page }) => {
    await page.clock.install();
    await registerAs(page, 'Cleo Prompted');
    const prompt = page.getByRole('alertdialog', {
      name: 'Do you want to get access to premium content? Subscribe Now.',
    });

    await page.goto('/');
    // The wait starts once the page knows who is reading.
    await expect(page.getByRole('button', { name: 'Cleo Prompted' })).toBeVisible();
    // The page clock also runs in real time, so the early check leaves a slow machine slack.
    await page.clock.runFor(5_000);
    await expect(prompt).toHaveCount(0);
    await page.clock.runFor(5_500);
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Later' }).click();
    await expect(prompt).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Cleo Prompted' })).toBeVisible();
    await page.clock.runFor(10_500);
    await prompt.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/subscription$/);
  });

  for (const account of ['premium', 'admin'] as const) {
    test(`does not ask the ${account} reader`, async ({ page }) => {
      await page.clock.install();
      await signInAs(page, account);
      await page.goto('/');
      await expect(page.getByRole('button', { name: demo[account].name })).toBeVisible();
      await page.clock.runFor(12_000);
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
    });
  }
});
