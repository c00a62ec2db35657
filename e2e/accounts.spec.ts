import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { demo, demoPassword, photoFile, registerAs, signInAs, uniqueEmail } from './accounts.js';
import { googleAccount } from '../src/server/test/google-issuer.js';
import { expect, test } from './fixtures.js';
import { keepToasts } from './toasts.js';
import { expectNoSidewaysScroll, expectWithinPhoneWidth, onPhone } from './phone.js';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const dialog = (page: Page) => page.getByRole('alertdialog');

test.describe('registration', () => {
  test('a guest registers with a photo from a login-required page and lands back on it', async ({
    page,
  }) => {
    await page.goto('/myarticles');
    // The server sends a guest to log in, the way back in the address.
    await expect(page).toHaveURL(/\/login\?from=%2Fmyarticles$/);
    await expect(page).toHaveTitle('Login | Tribune');
    await page.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveTitle('Register | Tribune');

    const email = uniqueEmail();
    await page.getByLabel('Name').fill('Rita Reader');
    await page.getByLabel('Photo').setInputFiles(await photoFile());
    await expect(page.getByRole('img', { name: 'Photo preview' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(email);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Secret123');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page.getByText('User Created Successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rita Reader' })).toBeVisible();
    await expect(page).toHaveURL(/\/myarticles$/, { timeout: 5_000 });
    await expect(page).toHaveTitle('My Articles | Tribune');

    // The browser keeps the public record under the spec's key, and no token.
    const stored = await page.evaluate(() => localStorage.getItem('authUser'));
    expect(JSON.parse(stored ?? 'null')).toEqual({
      name: 'Rita Reader',
      email,
      photoURL: expect.any(String),
      isAdmin: false,
      isPremium: false,
    });
  });

  test('every registration message shows for bad input', async ({ page }) => {
    await page.goto('/register');
    const submit = page.getByRole('button', { name: 'Register' });
    await submit.click();
    for (const message of [
      'Name is required',
      'Photo URL is required',
      'Email Address is required',
      'Password is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await expect(page.getByText('Not a valid email')).toBeVisible();
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Ab1');
    await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
    await password.fill('abcdefg');
    await expect(
      page.getByText(
        'Password must contain at least one uppercase, one lowercase, and be at least 6 characters long',
      ),
    ).toBeVisible();
    const huge = test.info().outputPath('huge.png');
    await writeFile(huge, Buffer.alloc(5 * 1024 * 1024 + 1));
    await page.getByLabel('Photo').setInputFiles(huge);
    await expect(page.getByText('Please choose an image of at most 5 MB')).toBeVisible();
  });

  test.describe(() => {
    test.use({ allowConsoleErrors: /status of 409/ });

    test('an email that is taken shows the Failed to Register dialog with the cause', async ({
      page,
    }) => {
      await page.goto('/register');
      await page.getByLabel('Name').fill('Someone Else');
      await page.getByLabel('Photo').setInputFiles(await photoFile());
      await page.getByLabel('Email', { exact: true }).fill(demo.reader.email);
      await page.getByLabel('Password', { exact: true }).fill('Secret123');
      await page.getByRole('button', { name: 'Register' }).click();

      await expect(dialog(page).getByRole('heading', { name: 'Failed to Register' })).toBeVisible();
      await expect(dialog(page)).toContainText(/already/i);
      await dialog(page).getByRole('button', { name: 'OK' }).click();
      await expect(dialog(page)).toBeHidden();
      await expect(page.getByRole('button', { name: 'Register' })).toBeEnabled();
    });
  });
});

test.describe('sign-in and sign-out', () => {
  test('logs out and back in with the toasts', async ({ page }) => {
    await keepToasts(page);
    await signInAs(page, 'reader', { fresh: true });
    await page.goto('/');
    await page.getByRole('button', { name: demo.reader.name }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByText('You are successfully logged Out.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole('link', { name: 'My Articles' })).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('authUser'))).toBeNull();

    await mainNav(page).getByRole('link', { name: 'Login' }).click();
    // The home page stays until the login page's code has come; its newsletter form is named
    // with the word "email" too, so the label alone could find it first.
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(demo.reader.email);
    await page.getByLabel('Password', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('You are successfully logged in.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole('link', { name: 'My Articles' })).toBeVisible();
  });

  test("the toast's code loads while the sign-in is answered, not after", async ({ page }) => {
    await page.goto('/login');
    // The sign-in's answer is held until the toast's code has been asked for: before it was
    // loaded with the first toast, after the answer, beside the next page's code.
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/auth/sign-in/email', async (route) => {
      await held;
      await route.continue();
    });
    const toastCode = page.waitForRequest(/\/assets\/ToasterView-[^/]+\.js$/);
    await page.getByLabel('Email', { exact: true }).fill(demo.reader.email);
    await page.getByLabel('Password', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toastCode;
    answer();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('You are successfully logged in.')).toBeVisible();
  });

  test.describe(() => {
    test.use({ allowConsoleErrors: /status of 401/ });

    test('a wrong password shows the Oops dialog with the cause', async ({ page }) => {
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill(demo.reader.email);
      await page.getByLabel('Password', { exact: true }).fill('Wrong-password1');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(dialog(page).getByRole('heading', { name: 'Oops...' })).toBeVisible();
      await expect(dialog(page)).toContainText('Failed to Sign in');
      await expect(dialog(page)).toContainText('Invalid email or password');
      await dialog(page).getByRole('button', { name: 'OK' }).press('Enter');
      await expect(dialog(page)).toBeHidden();
      await expect(page).toHaveURL(/\/login$/);
      // Back to the button that sent the form (disabled while it was sending), to try again.
      await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeFocused();
    });
  });

  test('a guest opening a login-required page signs in and returns to it', async ({ page }) => {
    await keepToasts(page);
    await page.goto('/myarticles');
    // The server sends a guest to log in, the way back in the address.
    await expect(page).toHaveURL(/\/login\?from=%2Fmyarticles$/);
    await page.getByLabel('Email', { exact: true }).fill(demo.writer.email);
    await page.getByLabel('Password', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // The toast is drawn with the page it leads to (its code loads with the first toast), so the
    // page first: on a loaded machine that page's code and data can take most of a timeout.
    await expect(page).toHaveURL(/\/myarticles$/);
    await expect(page.getByText('You are successfully logged in.')).toBeVisible();
    await expect(page).toHaveTitle('My Articles | Tribune');
  });
});

test.describe('Google sign-in', () => {
  test('Google sign-in runs the whole redirect flow and returns to the origin page', async ({
    page,
  }) => {
    // playwright.config.ts starts a local OpenID Connect issuer standing in for Google.
    await keepToasts(page);
    await page.goto('/myprofile');
    await expect(page).toHaveURL(/\/login\?from=%2Fmyprofile$/);
    await page.getByRole('button', { name: 'Login with Google' }).click();
    await expect(page).toHaveURL(/\/myprofile$/);
    await expect(page.getByText(`Hi ${googleAccount.name}! You are logged in.`)).toBeVisible();
    await expect(page.getByRole('main')).toContainText(googleAccount.email);
  });

  test('a failed return shows the Oops dialog with the cause and remembers the origin', async ({
    page,
  }) => {
    await page.goto('/login?from=%2Fmyarticles&error=access_denied');
    await expect(dialog(page).getByRole('heading', { name: 'Oops...' })).toBeVisible();
    await expect(dialog(page)).toContainText('Something went wrong!');
    await expect(dialog(page)).toContainText('Google sign-in failed (access denied)');
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Email', { exact: true }).fill(demo.writer.email);
    await page.getByLabel('Password', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/myarticles$/);
  });
});

test.describe('roles', () => {
  test('a signed-in non-admin opening the admin area is sent home with a toast', async ({
    page,
  }) => {
    await keepToasts(page);
    await signInAs(page, 'reader');
    await page.goto('/');
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Subscription' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'My Articles' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Premium Articles' })).toBeHidden();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeHidden();

    await page.goto('/admin/dashboard');
    await expect(page.getByText('You are not an admin')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a guest opening the admin area is sent home with a toast', async ({ page }) => {
    await keepToasts(page);
    await page.goto('/admin/allusers');
    await expect(page.getByText('You are not an admin')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('an admin sees Dashboard in the nav and My Dashboard in the avatar menu', async ({
    page,
  }) => {
    await signInAs(page, 'admin');
    await page.goto('/');
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: demo.admin.name }).click();
    for (const item of ['My Articles', 'Add Article', 'Subscription', 'My Profile']) {
      await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
    }
    await page.getByRole('menuitem', { name: 'My Dashboard' }).click();
    // The dashboard's code (its charts) is the app's largest: on a busy two-core machine, with
    // the other worker's browser and the server beside it, it has taken over 7 s to arrive and run.
    await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
    await expect(page.getByText('Role: Admin')).toBeVisible();
  });

  test('a premium reader sees Premium Articles in the nav', async ({ page }) => {
    await signInAs(page, 'premium');
    await page.goto('/');
    await mainNav(page).getByRole('link', { name: 'Premium Articles' }).click();
    await expect(page).toHaveURL(/\/premiumarticles$/);
  });
});

test.describe('profile', () => {
  test('edits, cancels (values restored) and saves the profile', async ({ page }) => {
    const email = await registerAs(page, 'Paula Profile');
    await page.goto('/myprofile');
    await expect(page).toHaveTitle('My Profile | Tribune');
    const main = page.getByRole('main');
    await expect(main.getByText('Paula Profile')).toBeVisible();
    await expect(main.getByText(email)).toBeVisible();
    await expect(main.getByRole('img', { name: 'Photo of Paula Profile' })).toBeVisible();

    await page.getByRole('button', { name: 'Update Profile' }).press('Enter');
    const name = page.getByLabel('Name');
    await expect(name).toHaveValue('Paula Profile');
    // The pressed button is gone with the view: focus moves into the form, and back after.
    await expect(name).toBeFocused();
    await expect(page.getByLabel('Email', { exact: true })).toBeDisabled();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await name.fill('Somebody Else');
    await page.getByRole('button', { name: 'Cancel' }).press('Enter');
    await expect(main.getByText('Paula Profile')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Profile' })).toBeFocused();
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(name).toHaveValue('Paula Profile');

    await name.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();

    await name.fill('Paula Changed');
    await page.getByLabel('Photo (optional)').setInputFiles(await photoFile('new.png'));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile Updated Successfully')).toBeVisible();
    await expect(main.getByText('Paula Changed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Profile' })).toBeVisible();

    await page.getByRole('button', { name: 'Paula Changed' }).click();
    await expect(page.getByRole('menu')).toContainText('Paula Changed');
  });

  test('turns the notices by email off and on again', async ({ page }) => {
    await registerAs(page, 'Nico Notices');
    await page.goto('/myprofile');
    const notices = page.getByRole('checkbox', {
      name: 'Email me when editors review my articles and before my premium access ends',
    });
    await expect(notices).toBeChecked();
    await notices.uncheck();
    await expect(page.getByText('Notices by email are off.')).toBeVisible();
    await page.reload();
    await expect(notices).not.toBeChecked();
    await notices.check();
    await expect(page.getByText('Notices by email are on.')).toBeVisible();
    await expect(notices).toBeChecked();
  });

  test('the subscription history fits a phone: each purchase in labelled lines, still a table', async ({
    page,
  }) => {
    await onPhone(page);
    await signInAs(page, 'premium');
    await page.goto('/myprofile');
    const history = page.getByRole('table', { name: 'Subscription history' });
    const purchases = history.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(purchases.first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expect(history.getByRole('columnheader')).toHaveCount(4);
    for (const purchase of await purchases.all()) {
      // Each value shows its column's name before it (CSS content, read as the cell's name).
      for (const column of ['Bought', 'Price', 'Runs until', 'Transaction']) {
        const cell = purchase.getByRole('cell', { name: new RegExp(`^${column}`) });
        await expect(cell).toBeVisible();
        await expectWithinPhoneWidth(cell);
      }
    }
  });
});
