import { request as apiRequest } from '@playwright/test';
import { demo, demoPassword, photoFile, uniqueEmail } from './accounts.js';
import { listArticles, readArticle } from './articleData.js';
import { expect, test } from './fixtures.js';
import { ownServer } from './ownServer.js';

/*
 * The reading meter as a guest meets it, on a server of this file's own, built as the other
 * tests' is but with the meter on (its defaults: two premium articles a month for a guest, five
 * with a free account): two premium articles in full, the registration wall on the third, and
 * back on it with the text after registering from the wall. The other tests' server keeps the
 * paywall (playwright.config.ts).
 */

const meterSite = await ownServer();

/** The last sentence of an article's whole text, as a premium reader reads it. */
async function endingOf(id: string): Promise<string> {
  const premium = await apiRequest.newContext({ baseURL: meterSite });
  try {
    const signIn = await premium.post('/api/auth/sign-in/email', {
      data: { email: demo.premium.email, password: demoPassword },
      headers: { origin: meterSite },
    });
    expect(signIn.status()).toBe(200);
    const sentences = (await readArticle(premium, id)).description.trim().split(/(?<=[.!?])\s+/);
    return sentences.at(-1)!;
  } finally {
    await premium.dispose();
  }
}

test('a guest reads two premium articles, registers at the wall on the third, and reads it', async ({
  page,
  request,
}) => {
  const { articles } = await listArticles(request, { isPremium: 'true', limit: '3' });
  expect(articles).toHaveLength(3);
  const [first, second, third] = articles as [
    (typeof articles)[0],
    (typeof articles)[0],
    (typeof articles)[0],
  ];

  await page.goto(`/articles/${first._id}`);
  const notice = page.getByRole('complementary', { name: 'Free premium articles' });
  await expect(notice).toContainText('1 of 2 free premium articles left this month');
  await expect(page.locator('.paywalled-content')).toContainText(await endingOf(first._id));

  await page.goto(`/articles/${second._id}`);
  await expect(notice).toContainText('0 of 2 free premium articles left this month');
  await expect(page.locator('.paywalled-content')).toContainText(await endingOf(second._id));

  await page.goto(`/articles/${third._id}`);
  const wall = page.getByRole('region', { name: 'Premium article' });
  await expect(wall).toContainText('0 of 2 free premium articles left this month');
  await expect(wall).toContainText(
    'Create a free account to read 5 more premium articles a month.',
  );
  const ending = await endingOf(third._id);
  await expect(page.getByText(ending)).toHaveCount(0);

  await wall.getByRole('link', { name: 'Create a free account' }).click();
  await expect(page).toHaveTitle('Register | Tribune');
  await page.getByLabel('Name').fill('Wally Wall');
  await page.getByLabel('Photo').setInputFiles(await photoFile());
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail());
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByText('User Created Successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/articles/${third._id}$`), { timeout: 5_000 });
  await expect(notice).toContainText('4 of 5 free premium articles left this month');
  await expect(page.locator('.paywalled-content')).toContainText(ending);
  await expect(wall).toHaveCount(0);
});
