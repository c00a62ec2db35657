import { verificationMessages } from '../src/shared/accounts.js';
import { linkIn, readOutbox } from '../src/server/test/outbox.js';
import { outbox, registerAs } from './accounts.js';
import { uniqueTitle } from './articleData.js';
import { fillArticleForm } from './articleForm.js';
import { expect, test } from './fixtures.js';

test('a new reader is asked to confirm the address, asks for the link again and follows it', async ({
  page,
  baseURL,
}) => {
  const email = await registerAs(page, 'Vera Verify', { verified: false });
  await page.goto('/addArticle');
  const notice = page.getByRole('status').filter({ hasText: verificationMessages.required });
  await expect(notice).toContainText(email);
  await notice.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByText(verificationMessages.sent)).toBeVisible();

  // Sending the article says at once what is missing: no confirmation, nothing lost.
  const title = uniqueTitle('Unconfirmed address');
  await fillArticleForm(page, {
    title,
    publisherSearch: 'harb',
    publisher: 'The Harbour Herald',
    tags: ['politics'],
    description: 'Written before the address was confirmed. It waits.',
  });
  await page.getByRole('button', { name: 'Add Article' }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: verificationMessages.required }),
  ).toBeVisible();
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect(page.getByLabel('Title')).toHaveValue(title);

  // The registration's link and the one asked for: both work; the newest is followed.
  await expect
    .poll(async () => (await readOutbox(outbox)).filter((m) => m.to === email).length)
    .toBe(2);
  const mails = (await readOutbox(outbox)).filter((m) => m.to === email);
  const link = linkIn(mails.at(-1)!, baseURL ?? '');
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/myprofile$/);
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByText(verificationMessages.required)).toBeHidden();
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(verificationMessages.required)).toBeHidden();
});
