import type { Page } from '@playwright/test';
import { passwordResetMessages } from '../src/shared/accounts.js';
import { linkIn, waitForMail } from '../src/server/test/outbox.js';
import { outbox, photoFile, uniqueEmail } from './accounts.js';
import { expect, test } from './fixtures.js';

/*
 * The forms that carry a password, sent by a browser that runs no script (turned off, or the
 * app's script not loaded yet): each posts to its own page, and no password ever travels in an
 * address, where the history and every log on the way would keep it.
 */
test.use({ javaScriptEnabled: false });
// The wrong password's page comes back with the API's 401, which the browser logs.
test.use({ allowConsoleErrors: /status of 401/ });

/** Every address the page asks for, and the method of each form it sends. */
function watchRequests(page: Page) {
  const sent: { method: string; url: string }[] = [];
  page.on('request', (request) => sent.push({ method: request.method(), url: request.url() }));
  return sent;
}

test('a reader registers, signs in and chooses a new password without script', async ({
  page,
  baseURL,
}) => {
  const sent = watchRequests(page);
  const email = uniqueEmail();
  const passwords = ['FirstSecret9', 'WrongSecret9', 'NewSecret9'];

  await page.goto('/register?from=%2Fallpublishedarticles');
  await page.getByLabel('Name').fill('Scriptless Reader');
  await page.getByLabel('Photo').setInputFiles(await photoFile());
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(passwords[0]!);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/allpublishedarticles$/);
  // Signed in: the reader's own pages are in the navigation.
  await expect(page.getByRole('link', { name: 'My Articles' })).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/login?from=%2Fallpublishedarticles');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(passwords[1]!);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Failed to Sign in');
  // The address typed is kept; the password is not.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await page.getByLabel('Password', { exact: true }).fill(passwords[0]!);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/allpublishedarticles$/);
  // Signed in: the reader's own pages are in the navigation.
  await expect(page.getByRole('link', { name: 'My Articles' })).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByText(passwordResetMessages.requested)).toBeVisible();
  const mail = await waitForMail(outbox, email, (m) => m.subject.includes('new password'));
  const link = linkIn(mail, baseURL ?? '');
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password', { exact: true }).fill(passwords[2]!);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(passwordResetMessages.changed)).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Login', exact: true }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(passwords[2]!);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  // Every form went as a POST, and no address the browser asked for carried a password.
  const forms = sent.filter(({ url }) =>
    /\/(login|register|forgot-password|reset-password)(\?|$)/.test(new URL(url).pathname),
  );
  expect(forms.filter(({ method }) => method === 'POST')).toHaveLength(6);
  for (const { url } of sent) {
    for (const password of passwords) expect(url).not.toContain(password);
  }
});
