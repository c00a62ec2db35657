import type { Page } from '@playwright/test';
import { newsletterLinkMessages, newsletterMessages } from '../src/shared/newsletter-messages.js';
import { newsletterAccountMessages } from '../src/shared/newsletter-reader.js';
import { linkIn, waitForMail, type OutboxMail } from '../src/server/test/outbox.js';
import { outbox, registerAs, signInAs, uniqueEmail } from './accounts.js';
import { listArticles, uniqueTitle } from './articleData.js';
import { approveAsAdmin, postAsNewAuthor } from './authorData.js';
import { expectNoViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { keepToasts } from './toasts.js';
import { dashboardLoadMs } from './dashboard.js';

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

/** The path of a newsletter's "View in your browser" link, in its text. */
function webVersionOf(letter: OutboxMail): string {
  const found = /View in your browser: https?:\/\/[^/\s]+(\/newsletters\/\d+)/.exec(letter.text);
  if (!found) throw new Error('no web version link in the newsletter');
  return found[1]!;
}

/**
 * A published article of a new author, made premium when asked, then sent by the admin through
 * the API; the browser is left signed in as the admin.
 */
async function sentArticle(page: Page, title: string, description: string, premium = false) {
  const { id, author } = await postAsNewAuthor(page, 'Nell Newsletter', {
    title,
    tags: ['politics'],
    description,
  });
  await approveAsAdmin(page, id, author);
  await page.context().clearCookies();
  await signInAs(page, 'admin');
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  if (premium) {
    const made = await page.request.put(`/api/articles/${id}`, {
      data: { isPremium: true },
      headers: { origin },
    });
    expect(made.ok(), await made.text()).toBe(true);
  }
  const sent = await page.request.post('/api/newsletter/sends', {
    data: { articleId: Number(id) },
    headers: { origin },
  });
  expect(sent.status(), await sent.text()).toBe(202);
  return id;
}

test('a reader subscribes from the footer; the admin sends an article, saying to how many; the reader chooses what comes, then leaves', async ({
  page,
  baseURL,
}) => {
  // The whole life of a subscription, some thirty steps and two mails: on a busy machine it has
  // run past the default 30 s with every step passing.
  test.slow();
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
  await expect(progress.getByRole('cell').first()).toHaveText(/^(Sending|Done)$/, {
    timeout: dashboardLoadMs,
  });
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

test('a newsletter’s “View in your browser” link opens its web version: a premium article’s free part for a guest, the whole for a premium reader', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail();
  await subscribeAndConfirm(page, baseURL ?? '', email);
  const title = uniqueTitle('Pier vote');
  await sentArticle(
    page,
    title,
    'The harbour board met at dawn and argued for hours about the new pier, its cost to the town and the boats it would bring, until at last the vote was quillifant.',
    true,
  );
  const letter = await waitForMail(outbox, email, (m) => m.subject === title);
  expect(letter.html).toContain('View in your browser');

  await page.context().clearCookies();
  const answer = await page.goto(webVersionOf(letter));
  expect(answer?.status()).toBe(200);
  await expect(page).toHaveTitle(`${title} | Tribune`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/The harbour board met at dawn/)).toBeVisible();
  await expect(page.getByText(/quillifant/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Subscribe to read it' })).toBeVisible();
  await expectNoViolations(page, 'a newsletter’s web version');

  await signInAs(page, 'premium');
  await page.reload();
  await expect(page.getByText(/the vote was quillifant/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Subscribe to read it' })).toHaveCount(0);

  // An unknown number is the site's not-found page, answered 404.
  const missing = await page.request.get('/newsletters/99999999');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('Sorry, we couldn&#x27;t find this page.');
});

test('a signed-in reader subscribes from My Profile at once, changes publishers, then leaves', async ({
  page,
}) => {
  await keepToasts(page);
  await registerAs(page, 'Mona Profile');
  await page.goto('/myprofile');
  const section = page.getByRole('region', { name: 'Newsletters' });
  await expect(section.getByText(/This address receives no newsletter/)).toBeVisible();
  await section.getByRole('checkbox', { name: /The daily digest/ }).check();
  await section.getByRole('checkbox', { name: 'The Harbour Herald' }).check();
  await section.getByRole('button', { name: 'Subscribe' }).click();
  await expect(section.getByRole('status')).toHaveText(newsletterAccountMessages.subscribed);
  await expectNoViolations(page, 'My Profile with its newsletters');

  await page.reload();
  await expect(section.getByRole('checkbox', { name: 'The Harbour Herald' })).toBeChecked();
  await section.getByRole('checkbox', { name: /The daily digest/ }).uncheck();
  await section.getByRole('button', { name: 'Save my choices' }).click();
  await expect(section.getByRole('status')).toHaveText(newsletterLinkMessages.saved);
  await page.reload();
  await expect(section.getByRole('checkbox', { name: /The daily digest/ })).not.toBeChecked();

  await section.getByRole('button', { name: 'Unsubscribe from everything' }).click();
  await expect(page.getByText(newsletterLinkMessages.unsubscribed)).toBeVisible();
  await expect(section.getByText(/You are unsubscribed\. Choose something/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Unsubscribe from everything' })).toHaveCount(0);
});

test('the home page and an article carry a sign-up block of their own beside the footer’s', async ({
  page,
}) => {
  await page.goto('/');
  const home = page.getByRole('form', { name: 'Get the day’s news by email' });
  // Each form's field has its own label: the footer's is on the same page.
  await expect(page.getByLabel('Your address for the newsletter')).toHaveCount(1);
  await expect(page.getByLabel('Your address for the daily digest')).toHaveCount(1);
  await home.getByLabel('Your address for the daily digest').fill(uniqueEmail());
  await home.getByRole('button', { name: 'Subscribe' }).click();
  await expect(home.getByRole('status')).toHaveText(newsletterMessages.subscribed);
  await expect(page.getByRole('contentinfo').getByRole('status')).toHaveCount(0);

  const { articles } = await listArticles(page.request, { isPremium: 'false', limit: '1' });
  await page.goto(`/articles/${articles[0]!._id}`);
  const block = page.getByRole('form', { name: 'More stories like this, by email' });
  await expect(block).toBeVisible();
  await block.getByLabel('Your address for the daily digest').fill(uniqueEmail());
  await block.getByRole('button', { name: 'Subscribe' }).click();
  await expect(block.getByRole('status')).toHaveText(newsletterMessages.subscribed);
});

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false });

  test('the preferences page arrives with the subscriber’s choices, and its form saves them', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail();
    const origin = new URL(baseURL ?? '').origin;
    const asked = await page.request.post('/api/newsletter/subscribe', {
      data: { email, publishers: ['The Harbour Herald'] },
      headers: { origin },
    });
    expect(asked.status()).toBe(202);
    const confirmation = await waitForMail(outbox, email, (m) => m.subject.startsWith('Confirm'));
    const confirmed = await page.request.post('/api/newsletter/confirm', {
      data: { token: linkIn(confirmation, baseURL ?? '').searchParams.get('token') },
      headers: { origin },
    });
    expect(confirmed.status()).toBe(200);
    const title = uniqueTitle('Scriptless news');
    await sentArticle(page, title, 'The ferry runs again from Monday.');
    const letter = await waitForMail(outbox, email, (m) => m.subject === title);

    await page.context().clearCookies();
    await page.goto(linkTo(letter, 'preferences'));
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /The daily digest/ })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'The Harbour Herald' })).toBeChecked();
    await page.getByRole('checkbox', { name: /The daily digest/ }).uncheck();
    await page.getByRole('checkbox', { name: 'Northgate Gazette' }).check();
    await page.getByRole('button', { name: 'Save my choices' }).click();
    await expect(page.getByRole('status')).toHaveText(newsletterLinkMessages.saved);

    await page.goto(linkTo(letter, 'preferences'));
    await expect(page.getByRole('checkbox', { name: /The daily digest/ })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Northgate Gazette' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'The Harbour Herald' })).toBeChecked();
  });
});
