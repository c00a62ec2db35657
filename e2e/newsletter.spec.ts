import type { Page } from '@playwright/test';
import { newsletterLinkMessages, newsletterMessages } from '../src/shared/newsletter-messages.js';
import { linkIn, waitForMail, type OutboxMail } from '../src/server/test/outbox.js';
import { outbox, signInAs, uniqueEmail } from './accounts.js';
import { uniqueTitle } from './articleData.js';
import { approveAsAdmin, postAsNewAuthor } from './authorData.js';
import { expectNoViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { keepToasts } from './toasts.js';

/** Subscribes `email` from the footer and opens the mailed link's page, which confirms. */
async function subscribeAndConfirm(page: Page, baseURL: string, email: string) {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('Your address for the newsletter').fill(email);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByRole('status')).toHaveText(newsletterMessages.subscribed);

  const mail = await waitForMail(outbox, email, (m) => m.subject.startsWith('Confirm your sub'));
  const link = linkIn(mail, baseURL);
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveTitle('Confirm your subscription | Tribune');
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('status')).toHaveText(newsletterMessages.confirmed);
}

/** The address in a newsletter's text that leads to `page` (preferences or unsubscribe). */
function linkTo(letter: OutboxMail, page: 'preferences' | 'unsubscribe'): string {
  const found = new RegExp(`https?://\\S+(/newsletter/${page}\\?token=\\S+)`).exec(letter.text);
  if (!found) throw new Error(`no ${page} link in the newsletter`);
  return found[1]!;
}

test('a reader subscribes from the footer; the admin sends an article, saying to how many; the reader chooses what comes, then leaves', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail();
  await subscribeAndConfirm(page, baseURL ?? '', email);

  // A fresh published article, which the admin sends from its card.
  const title = uniqueTitle('Harbour news');
  const { id, author } = await postAsNewAuthor(page, 'Nell Newsletter', {
    title,
    tags: ['politics'],
    description: 'The harbour reopens on Monday.',
  });
  await approveAsAdmin(page, id, author);
  await page.context().clearCookies();
  await keepToasts(page);
  await signInAs(page, 'admin');
  await page.goto('/admin/allarticles');
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Send as newsletter' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(/goes now to [1-9][\d,]* readers?/);
  await dialog.getByRole('button', { name: 'Send it' }).click();
  await expect(page.getByText(/Newsletter on its way to [1-9][\d,]* readers?/)).toBeVisible();
  // The dashboard follows the send until it is done.
  await page.goto('/admin/dashboard');
  const progress = page.getByRole('row', { name: new RegExp(title) });
  await expect(progress.getByRole('cell').first()).toHaveText(/^(Sending|Done)$/);
  await expect(progress.getByRole('cell').first()).toHaveText('Done', { timeout: 15_000 });
  await expect(progress).toContainText('100% of');

  const letter = await waitForMail(outbox, email, (m) => m.subject === title);
  expect(letter.text).toContain('The harbour reopens on Monday.');
  await page.context().clearCookies();
  await page.goto(linkTo(letter, 'preferences'));
  await expect(page).toHaveTitle('Your newsletters | Tribune');
  await expect(page.getByText(email)).toBeVisible();
  const digest = page.getByRole('checkbox', { name: /The daily digest/ });
  await expect(digest).toBeChecked();
  await expectNoViolations(page, 'the newsletter preferences page');
  await page.getByRole('checkbox', { name: 'The Harbour Herald' }).check();
  await page.getByRole('button', { name: 'Save my choices' }).click();
  await expect(page.getByRole('status')).toHaveText(newsletterLinkMessages.saved);

  // The unsubscribe page: opening it changes nothing; its button does.
  await page.goto(linkTo(letter, 'unsubscribe'));
  await expect(page).toHaveTitle('Unsubscribe | Tribune');
  await page.goto(linkTo(letter, 'preferences'));
  await expect(page.getByRole('checkbox', { name: /The daily digest/ })).toBeChecked();
  await page.goto(linkTo(letter, 'unsubscribe'));
  await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(newsletterLinkMessages.unsubscribed);
});

test('the newsletter page signs up with publishers to follow, and passes axe', async ({ page }) => {
  await page.goto('/newsletter');
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletters' })).toBeVisible();
  await expectNoViolations(page, 'the newsletter page');
  const main = page.getByRole('main');
  await main.getByRole('checkbox', { name: 'The Harbour Herald' }).check();
  await main.getByLabel('Your address for the newsletter').fill(uniqueEmail());
  await main.getByRole('button', { name: 'Subscribe' }).click();
  await expect(main.getByRole('status')).toHaveText(newsletterMessages.subscribed);
});
