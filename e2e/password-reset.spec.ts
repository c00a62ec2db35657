import { accountMessages, passwordResetMessages } from '../src/shared/accounts.js';
import { linkIn, waitForMail } from '../src/server/test/outbox.js';
import { outbox, registerAs } from './accounts.js';
import { expect, test } from './fixtures.js';
import { keepToasts } from './toasts.js';

// The used link's refusal is a 400, which the browser logs.
test.use({ allowConsoleErrors: /status of 400/ });

test('a reader who forgot the password chooses a new one from the mailed link', async ({
  page,
  baseURL,
}) => {
  await keepToasts(page);
  const email = await registerAs(page, 'Forgetful Reader');
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page).toHaveTitle('Forgot password? | Tribune');
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByText(accountMessages.emailRequired)).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByText(passwordResetMessages.requested)).toBeVisible();

  const mail = await waitForMail(outbox, email, (m) => m.subject.includes('new password'));
  const link = linkIn(mail, baseURL ?? '');
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveTitle('Choose a new password | Tribune');
  const password = page.getByLabel('New password', { exact: true });
  await password.fill('lowercase1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(accountMessages.passwordCase)).toBeVisible();
  await password.fill('NewSecret9');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(passwordResetMessages.changed)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('NewSecret9');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('You are successfully logged in.')).toBeVisible();

  // The link worked once.
  await page.context().clearCookies();
  await page.goto(link.pathname + link.search);
  await password.fill('OtherSecret9');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(passwordResetMessages.invalidLink)).toBeVisible();
});
