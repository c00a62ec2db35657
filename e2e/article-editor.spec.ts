import type { Page } from '@playwright/test';
import { articleMessages } from '../src/shared/article-messages.js';
import { registerAs } from './accounts.js';
import { pictureFile, uniqueTitle } from './articleData.js';
import { descriptionBox } from './articleForm.js';
import { approveAsAdmin } from './authorData.js';
import { expectNoViolations } from './axe.js';
import { expect, test } from './fixtures.js';

/*
 * The article editor as an author uses it: by keyboard alone, from a clipboard, across a reload;
 * and the story it makes, as a reader without JavaScript gets it.
 */

const alertDialog = (page: Page) => page.getByRole('alertdialog');
const editorDialog = (page: Page) => page.getByRole('dialog');

/** Title, publisher and tag, as the article tests fill them. */
async function fillTheRest(page: Page, title: string) {
  await page.getByLabel('Title').fill(title);
  const publisher = page.getByRole('combobox', { name: 'Publisher' });
  await publisher.fill('harb');
  await page.getByRole('option', { name: 'The Harbour Herald' }).click();
  await expect(publisher).toHaveValue('The Harbour Herald');
  await page.getByRole('checkbox', { name: 'politics' }).check();
}

test('an author writes a structured story by keyboard alone, and readers get it without JavaScript', async ({
  page,
  browser,
  baseURL,
}) => {
  // A whole story typed key by key, approved, and read in a second browser: 29.5 s of its 30 on
  // a quiet machine (2026-11-29), so a busy one would cut it short.
  test.slow();
  const email = await registerAs(page, 'Keyboard Author');
  await page.goto('/addArticle');
  const title = uniqueTitle('Ferry timetable');
  await fillTheRest(page, title);

  const box = descriptionBox(page);
  await box.focus();
  await page.keyboard.type('## What changes');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Sailings move to every twenty minutes, says the harbour office');
  // The last two words become a link: selected by keyboard, Ctrl+K, the address, Enter.
  for (let i = 0; i < 'harbour office'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('ControlOrMeta+k');
  await editorDialog(page).getByLabel('Address').fill('https://harbour.example/timetable');
  await page.keyboard.press('Enter');
  await expect(editorDialog(page)).toBeHidden();
  // Typing on once the link is in the story and the caret back in it, as a person would.
  await expect(box.getByRole('link', { name: 'harbour office' })).toBeVisible();
  await expect(box).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type('.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- First sailing at six');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Last at midnight');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('> We waited a year for this.');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');

  // The toolbar by keyboard: Alt+F10 reaches it, arrows move along it.
  await page.keyboard.press('Alt+F10');
  const toolbar = page.getByRole('toolbar', { name: 'Description formatting' });
  await expect(toolbar.getByRole('button', { name: 'Bold' })).toBeFocused();
  const insertImage = toolbar.getByRole('button', { name: 'Insert image' });
  while (!(await insertImage.evaluate((button) => button === document.activeElement))) {
    await page.keyboard.press('ArrowRight');
  }
  await page.keyboard.press('Enter');
  await editorDialog(page)
    .getByLabel('Image file')
    .setInputFiles(await pictureFile());
  await editorDialog(page).getByLabel('Alt text').fill('The quay at dawn');
  await editorDialog(page).getByLabel('Caption (optional)').fill('Boats at the quay');
  await editorDialog(page).getByLabel('Credit (optional)').fill('Ana Lopes');
  await editorDialog(page).getByRole('button', { name: 'Add image' }).click();
  await expect(editorDialog(page)).toBeHidden();
  await expect(box.locator('figure img')).toBeVisible();

  await page.getByLabel('Image', { exact: true }).setInputFiles(await pictureFile());
  await expect(page.getByText('Image uploaded.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Article' }).click();
  await alertDialog(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(articleMessages.created)).toBeVisible();

  const mine = await page.request.get(`/api/articles?email=${encodeURIComponent(email)}`);
  const [created] = (await mine.json()) as { _id: string; name: string }[];
  expect(created?.name).toBe(title);
  await approveAsAdmin(page, created!._id, (await page.context().storageState()).cookies);

  // A reader without JavaScript gets the story's structure from the server.
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const reader = await context.newPage();
  await reader.goto(`/articles/${created!._id}`);
  const story = reader.locator('article');
  await expect(story.getByRole('heading', { level: 2, name: 'What changes' })).toBeVisible();
  const link = story.getByRole('link', { name: 'harbour office' });
  await expect(link).toHaveAttribute('href', 'https://harbour.example/timetable');
  await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
  await expect(story.locator('ul:not([aria-label="Tags"]) > li')).toHaveText([
    'First sailing at six',
    'Last at midnight',
  ]);
  await expect(story.locator('blockquote')).toHaveText('We waited a year for this.');
  const figure = story.locator('figure:has(img[alt="The quay at dawn"])');
  await expect(figure.locator('img')).toHaveAttribute('loading', 'lazy');
  await expect(figure.locator('figcaption')).toContainText('Boats at the quay');
  await expect(figure.locator('figcaption')).toContainText('Ana Lopes');
  await context.close();
});

test.describe('pasting', () => {
  // Chromium reports the page's CSP refusing the pasted image's `onerror` as soon as any HTML
  // holding one is parsed, even into an inert document; the handler never runs.
  test.use({ allowConsoleErrors: /Executing inline event handler violates/ });

  test('a paste from a web page keeps the allowed structure and drops the rest', async ({
    page,
  }) => {
    await registerAs(page, 'Pasting Author');
    await page.goto('/addArticle');
    const box = descriptionBox(page);
    await box.focus();
    await box.evaluate((element) => {
      const data = new DataTransfer();
      data.setData(
        'text/html',
        '<h1 style="color:red">Big news</h1><p>Plain <b>bold</b> <i>slanted</i> ' +
          '<a href="javascript:alert(1)">bad link</a> <a href="https://ok.example/">good link</a></p>' +
          '<script>alert(1)</script><img src=x onerror="alert(1)"><table><tr><td>cell</td></tr></table>',
      );
      data.setData('text/plain', 'Big news');
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await expect(box.getByRole('heading', { name: 'Big news' })).toBeVisible();
    await expect(box.locator('strong, b')).toHaveText('bold');
    await expect(box.locator('em, i')).toHaveText('slanted');
    await expect(box.locator('a')).toHaveCount(1);
    await expect(box.locator('a')).toHaveAttribute('href', 'https://ok.example/');
    await expect(box.locator('script, img, table')).toHaveCount(0);
    await expect(box).toContainText('cell');
  });
});

test('the draft survives a reload until it is discarded, and the write page passes axe', async ({
  page,
}) => {
  await registerAs(page, 'Drafting Author');
  await page.goto('/addArticle');
  await expectNoViolations(page, 'Add Article with the editor');
  const box = descriptionBox(page);
  await box.focus();
  await page.keyboard.type('A sentence I do not want to lose.');
  // The draft is written a moment after typing stops, and when the page is left.
  await page.reload();
  await expect(descriptionBox(page)).toHaveText('A sentence I do not want to lose.');
  await expect(page.getByText(/Your unsaved draft from .* was restored\./)).toBeVisible();
  await page.getByRole('button', { name: 'Discard draft' }).click();
  await expect(descriptionBox(page)).toHaveText('');
  await page.reload();
  await expect(descriptionBox(page)).toHaveText('');
});
