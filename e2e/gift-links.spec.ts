import type { Browser } from '@playwright/test';
import { signInAs } from './accounts.js';
import { listArticles, readArticle } from './articleData.js';
import { expect, test } from './fixtures.js';

/*
 * Gift links as their giver and a friend meet them: a premium reader shares a premium article
 * from its page, a browser with no account opens the link and reads the whole text, and once
 * the giver revokes it from My Profile the same link shows the excerpt and says why.
 */

/** A browser of its own (no cookies, no session), from an address of its own. */
async function freshBrowser(browser: Browser, baseURL: string | undefined, address: string) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  return { context, page: await context.newPage() };
}

test('a premium reader gives an article; a friend reads it whole until the link is revoked', async ({
  page,
  browser,
  baseURL,
}) => {
  // Three browsers and two pages each: more than one test's usual time on a busy machine.
  test.setTimeout(60_000);
  await signInAs(page, 'premium');
  // A premium article the premium reader did not write: anyone else would see only its excerpt.
  const { articles } = await listArticles(page.request, { isPremium: 'true', limit: '20' });
  const article = articles.find((each) => each.author.email !== 'premium@example.com');
  expect(article, 'a seeded premium article').toBeDefined();
  const whole = (await readArticle(page.request, article!._id)).description.trim();
  const ending = whole.split(/(?<=[.!?])\s+/).at(-1)!;

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/articles/${article!._id}`);
  await page.getByRole('button', { name: 'Share as a gift' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share as a gift' });
  const field = dialog.getByRole('textbox', { name: 'Gift link' });
  await expect(field).toHaveValue(new RegExp(`/articles/${article!._id}\\?gift=[\\w-]{22}$`));
  const url = await field.inputValue();
  await expect(dialog.getByRole('status')).toContainText('Expires');
  await expect(dialog.getByRole('status')).toContainText(/\d+ of 10 gift links left this month/);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A friend with no account, in a browser of their own.
  const friend = await freshBrowser(browser, baseURL, '10.251.0.1');
  await friend.page.goto(url);
  await expect(friend.page.getByRole('complementary', { name: 'Gift' })).toContainText(
    'This article is a gift',
  );
  await expect(friend.page.locator('.paywalled-content')).toContainText(ending);
  await expect(friend.page.getByText('Enjoyed this gift? Get our stories by email')).toBeVisible();
  await expect(
    friend.page
      .getByRole('complementary', { name: 'Gift' })
      .getByRole('link', { name: /Subscribe/ }),
  ).toHaveAttribute('href', '/subscription');
  await friend.context.close();

  // The giver revokes it from My Profile.
  await page.goto('/myprofile');
  const gifts = page.getByRole('region', { name: 'Gift links' });
  await expect(gifts).toContainText(article!.name);
  await expect(gifts).toContainText('opened by 1 of 25');
  await gifts.getByRole('button', { name: `Revoke the gift link of “${article!.name}”` }).click();
  await expect(gifts).toContainText('Revoked');

  const late = await freshBrowser(browser, baseURL, '10.251.0.2');
  await late.page.goto(url);
  await expect(late.page.getByRole('complementary', { name: 'Gift' })).toContainText(
    'This gift link has been withdrawn',
  );
  await expect(late.page.getByRole('heading', { level: 1 })).toHaveText(article!.name);
  await expect(late.page.getByRole('region', { name: 'Premium article' })).toBeVisible();
  await expect(late.page.locator('body')).not.toContainText(ending);
  await late.context.close();
});
