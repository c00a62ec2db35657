import type { Locator, Page } from '@playwright/test';
import { articleMessages } from '../src/shared/article-messages.js';
import { revisionMessages } from '../src/shared/revisions.js';
import { signInAs } from './accounts.js';
import { uniqueTitle } from './articleData.js';
import { expect, test } from './fixtures.js';
import { approveAsAdmin, postAsNewAuthor } from './authorData.js';
import { descriptionBox, fillDescription } from './articleForm.js';
import { expectNoViolations } from './axe.js';

const dialog = (page: Page) => page.getByRole('alertdialog');

const published = 'The ferry leaves at nine. It returns at five. Tickets cost two pounds.';
const edited = 'The ferry now leaves at ten. It returns at six. Tickets cost three pounds.';

/**
 * The edit's text marked against the published one: the words added (`ins`) and removed
 * (`del`), each with the words a screen reader says of it.
 */
async function expectWordsMarked(diff: Locator) {
  await expect(diff.locator('ins')).toHaveText([
    '[added: now ]',
    '[added: ten]',
    '[added: six]',
    '[added: three]',
  ]);
  await expect(diff.locator('del')).toHaveText([
    '[removed: nine]',
    '[removed: five]',
    '[removed: two]',
  ]);
  await expect(diff.getByRole('group', { name: 'Published text' })).toContainText(published);
  await expect(diff.getByRole('group', { name: 'Edit, with its changes marked' })).toContainText(
    'Changed paragraph',
  );
}

/**
 * A fresh author posts an article and an admin approves it (through the API). Answers its id;
 * the author is signed in afterwards.
 */
async function publishedArticle(page: Page, title: string): Promise<string> {
  const { id, author } = await postAsNewAuthor(page, 'Rita Reviser', {
    title,
    tags: ['business'],
    description: published,
  });
  await approveAsAdmin(page, id, author);
  return id;
}

/** The article page as a guest sees it. */
async function readAsGuest(page: Page, id: string) {
  await page.context().clearCookies();
  await page.goto(`/articles/${id}`);
  return page.getByRole('main');
}

test('an edit of a published article waits for an editor while readers keep the published text', async ({
  page,
}) => {
  // Three people and eight pages, each read afresh, and axe twice: more than one page's worth
  // of time.
  test.slow();
  const title = uniqueTitle('Ferry timetable');
  const newTitle = `${title} (winter)`;
  const id = await publishedArticle(page, title);

  // The author edits the published article.
  await page.goto('/myarticles');
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByRole('link', { name: 'Update' }).click();
  await expect(page.getByText('This article is published.')).toBeVisible();
  await page.getByLabel('Title').fill(newTitle);
  await fillDescription(page, edited);
  await page.getByRole('button', { name: 'Update Article' }).click();
  await dialog(page).getByRole('button', { name: 'Confirm' }).click();
  // One look at the toast, which may be gone by a second look on a slow machine.
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: articleMessages.updated }),
  ).toContainText(revisionMessages.awaitingReview);
  await expect(page).toHaveURL(/\/myarticles$/);
  // My Articles shows the published title, still approved, with the edit waiting.
  await expect(row).toContainText('Approved & Non-Premium');
  await expect(row).toContainText('Edit awaiting review');
  // See changes shows the edit as the editors will see it, and gives focus back when closed.
  const seeChanges = row.getByRole('button', { name: 'See changes' });
  await seeChanges.click();
  const changes = page.getByRole('dialog', { name: `Your edit of “${title}”` });
  await expectWordsMarked(changes.getByRole('group', { name: 'Description changed' }));
  await expect(changes.getByRole('group', { name: 'Title changed' })).toContainText(newTitle);
  await expectNoViolations(page, "the author's edit as a diff");
  await page.keyboard.press('Escape');
  await expect(changes).toBeHidden();
  await expect(seeChanges).toBeFocused();
  // Opening the form again starts from the waiting edit.
  await row.getByRole('link', { name: 'Update' }).click();
  await expect(page.getByLabel('Title')).toHaveValue(newTitle);
  await expect(descriptionBox(page)).toHaveText(edited);

  // A guest still reads the published text.
  let article = await readAsGuest(page, id);
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(article).toContainText(published);
  await expect(article).not.toContainText(edited);

  // An admin sees the edit as a diff beside the published text, and approves it.
  await signInAs(page, 'admin');
  await page.goto('/admin/allarticles');
  const queue = page.getByRole('region', { name: 'Edits awaiting review' });
  const edit = queue.getByRole('region', { name: `Edit of ${title}`, exact: true });
  await expect(edit).toBeVisible();
  await expectWordsMarked(edit.getByRole('group', { name: 'Description changed' }));
  await expectNoViolations(page, "the editors' queue with the diff");
  await expect(edit.getByRole('group', { name: 'Title changed' })).toContainText(newTitle);
  await expect(edit).toContainText('Unchanged: Publisher, Tags, Image');
  await edit.getByRole('button', { name: 'Approve edit' }).click();
  await expect(page.getByText('The edit is published')).toBeVisible();
  await expect(edit).toBeHidden();

  // The guest now reads the new text.
  article = await readAsGuest(page, id);
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(newTitle);
  await expect(article).toContainText(edited);
  await expect(article).not.toContainText(published);
});
