import type { Page } from '@playwright/test';
import { articleMessages } from '../src/shared/article-messages.js';
import { demo, demoPassword, registerAs, signInAs } from './accounts.js';
import { listArticles, readArticle, uniqueTitle } from './articleData.js';
import { descriptionBox, fillArticleForm, type ArticleInput } from './articleForm.js';
import { expect, test } from './fixtures.js';
import { expectNoSidewaysScroll, expectWithinPhoneWidth, onPhone } from './phone.js';

const dialog = (page: Page) => page.getByRole('alertdialog');
const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const row = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

test.describe('writing articles', () => {
  test('a free user posts one article, is held to one, updates it and deletes it', async ({
    page,
  }) => {
    // A whole author's journey (register, upload, post, update, delete): more than 30 s on a
    // busy machine.
    test.slow();
    await registerAs(page, 'Walter Writer');
    const title = uniqueTitle('Harbour ferry timetable changes');
    const input: ArticleInput = {
      title,
      publisherSearch: 'harb',
      publisher: 'The Harbour Herald',
      tags: ['politics', 'environment'],
      description:
        'The ferry will run every twenty minutes. Evening sailings move later.\n\nThe council says more boats follow next year. Fares stay as they are.',
    };

    await page.goto('/addArticle');
    await expect(page).toHaveTitle('Add Article | Tribune');
    await expect(page.getByRole('heading', { name: 'Add Article', level: 1 })).toBeVisible();

    // Every field is required.
    await page.getByRole('button', { name: 'Add Article' }).click();
    for (const message of [
      'Title is required',
      'Publisher is required',
      'Tags are required',
      'Description is required',
      'Image is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }

    await fillArticleForm(page, input);
    await page.getByRole('button', { name: 'Add Article' }).click();
    await expect(dialog(page).getByRole('heading')).toHaveText(articleMessages.addConfirm);
    await expect(dialog(page)).toContainText('Contact the editors');
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(articleMessages.created)).toBeVisible();
    // The form is empty again, tags and publisher included.
    await expect(page.getByLabel('Title')).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Publisher' })).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: 'politics' })).not.toBeChecked();

    // A second article is refused with the spec's toast, before any dialog.
    await fillArticleForm(page, { ...input, title: `${title} again` });
    await page.getByRole('button', { name: 'Add Article' }).click();
    await expect(page.getByText(articleMessages.postingLimit)).toBeVisible();
    await expect(dialog(page)).toBeHidden();

    await page.goto('/myarticles');
    await expect(page).toHaveTitle('My Articles | Tribune');
    const mine = row(page, title);
    await expect(mine).toContainText('Pending');
    await expect(mine.getByRole('cell', { name: 'No', exact: true })).toBeVisible();
    for (const column of ['S/N', 'Article Title', 'Details', 'Status', 'Premium', 'Update']) {
      await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }

    // Update: the form arrives filled in, with the whole text (lists carry three sentences);
    // saving unchanged says so.
    await mine.getByRole('link', { name: 'Update' }).click();
    await expect(page).toHaveURL(/\/updateArticle\?id=/);
    await expect(page).toHaveTitle('Update Article | Tribune');
    await expect(page.getByLabel('Title')).toHaveValue(title);
    // Each paragraph of the text, as the editor shows the stored body.
    await expect(descriptionBox(page).locator('p')).toHaveText(input.description.split('\n\n'));
    await expect(page.getByRole('combobox', { name: 'Publisher' })).toHaveValue(input.publisher);
    await expect(page.getByRole('checkbox', { name: 'environment' })).toBeChecked();
    await page.getByRole('button', { name: 'Update Article' }).click();
    await expect(dialog(page).getByRole('heading')).toHaveText(articleMessages.updateConfirm);
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(articleMessages.notModified)).toBeVisible();

    // Opened by its address alone (a new tab), the page reads the article by the id in it.
    await page.goto(page.url());
    const newTitle = `${title} (updated)`;
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await page.getByLabel('Title').fill(newTitle);
    await page.getByRole('button', { name: 'Update Article' }).click();
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(articleMessages.updated)).toBeVisible();
    await expect(page).toHaveURL(/\/myarticles$/);
    const updated = row(page, newTitle);
    await expect(updated).toBeVisible();

    // Delete: cancelled first, then confirmed.
    await updated.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Are You sure?' })).toBeVisible();
    await expect(dialog(page)).toContainText("You won't be able to revert this!");
    await dialog(page).getByRole('button', { name: 'No, cancel!' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Cancelled' })).toBeVisible();
    await expect(dialog(page)).toContainText('The Article is not deleted');
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(updated).toBeVisible();

    await updated.getByRole('button', { name: 'Delete' }).click();
    await dialog(page).getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Deleted!' })).toBeVisible();
    await expect(dialog(page)).toContainText('The Article has been deleted.');
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(updated).toBeHidden();
    await expect(page.getByText('You have not written any articles yet.')).toBeVisible();
  });

  test('the publisher box works from the keyboard', async ({ page }) => {
    await signInAs(page, 'reader');
    await page.goto('/addArticle');
    const publisher = page.getByRole('combobox', { name: 'Publisher' });
    await publisher.fill('gazette');
    await expect(page.getByRole('option')).toHaveText(['Northgate Gazette']);
    await publisher.press('ArrowDown');
    await publisher.press('Enter');
    await expect(publisher).toHaveValue('Northgate Gazette');
    await expect(publisher).toHaveAttribute('aria-expanded', 'false');
    // Text that names no publisher is undone on leaving the box.
    await publisher.fill('Nowhere Times');
    await publisher.press('Escape');
    await expect(publisher).toHaveValue('Northgate Gazette');
  });

  test("the demo writer's declined article shows the editor's message", async ({ page }) => {
    await signInAs(page, 'writer');
    const { articles } = await listArticles(page.request, { email: demo.writer.email });
    const declined = articles.find((article) => article.adminMessage);
    expect(declined, 'the seeded declined article').toBeDefined();

    await page.goto('/myarticles');
    const status = row(page, declined!.name).getByRole('button', { name: 'Declined' });
    await expect(status).toBeEnabled();
    await status.click();
    await expect(dialog(page)).toContainText(declined!.adminMessage!);
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(dialog(page)).toBeHidden();
  });

  test('My Articles fits a phone: each article a card, still a table row, nothing off screen', async ({
    page,
  }) => {
    await onPhone(page);
    await signInAs(page, 'premium');
    const { articles } = await listArticles(page.request, { email: demo.premium.email });
    expect(articles.length, "the premium reader's seeded articles").toBeGreaterThan(1);
    await page.goto('/myarticles');
    await expect(row(page, articles[0]!.name)).toBeVisible();
    await expectNoSidewaysScroll(page);
    // Screen readers still get the columns' names and each article as a row of cells.
    await expect(page.getByRole('columnheader')).toHaveCount(7);
    for (const article of articles) {
      const card = row(page, article.name);
      await expect(card.getByRole('rowheader')).toHaveText(article.name);
      await expect(card.getByRole('cell')).toHaveCount(6);
      // The Premium column's name shows beside its value (CSS content, read as the cell's name).
      await expect(
        card.getByRole('cell', { name: `Premium: ${article.isPremium ? 'Yes' : 'No'}` }),
      ).toBeVisible();
      for (const control of [
        card.getByRole('link', { name: 'Details' }),
        card.getByRole('link', { name: 'Update' }),
        card.getByRole('button', { name: 'Delete' }),
      ]) {
        await expectWithinPhoneWidth(control);
      }
    }
  });

  test("the image field fits a phone: the preview above the file input, the input's text whole", async ({
    page,
  }) => {
    await onPhone(page);
    await signInAs(page, 'premium');
    await page.goto('/addArticle');
    const input = page.getByLabel('Image', { exact: true });
    // The preview's box: the element before the one that holds the input.
    const preview = input.locator('xpath=../preceding-sibling::div[1]');
    await expect(input).toBeVisible();
    await expectNoSidewaysScroll(page);
    // Once the page's layout has settled (its editor loads below it).
    await expect
      .poll(async () => {
        const [inputBox, previewBox] = [
          (await input.boundingBox())!,
          (await preview.boundingBox())!,
        ];
        return inputBox.y - (previewBox.y + previewBox.height);
      })
      .toBeGreaterThan(0);
    const inputBox = (await input.boundingBox())!;
    // Beside the preview it had about 150 px, and Chromium cut "No file chosen" to "No…sen".
    expect(inputBox.width).toBeGreaterThanOrEqual(240);
  });
});

test.describe('reading articles', () => {
  test('searches by title, publisher and tags, kept in the address', async ({ page, request }) => {
    const all = await listArticles(request, { isApproved: 'true', limit: '50' });
    expect(all.total).toBeGreaterThan(12);
    const sample = all.articles.find((article) => !article.isPremium)!;

    await page.goto('/allpublishedarticles');
    await expect(page).toHaveTitle('All Articles | Tribune');
    await expect(page.getByText(`${all.total} articles · page 1 of`)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(12);

    // Title: part of it, any case.
    const word = sample.name.split(' ').slice(1, 3).join(' ').toLowerCase();
    await page.getByLabel('Title').fill(word);
    await page
      .getByRole('search', { name: 'Search articles' })
      .getByRole('button', { name: 'Search' })
      .click();
    await expect(page).toHaveURL(
      new RegExp(`\\?title=${encodeURIComponent(word).replace(/%20/g, '\\+')}`),
    );
    await expect(card(page, sample.name)).toBeVisible();
    await expect(card(page, sample.name)).toContainText(sample.author.name);

    // Publisher (exact name) and tags, together; the count matches the API's.
    const tags = 'Health, sports';
    const expected = await listArticles(request, {
      isApproved: 'true',
      publisher: sample.publisher,
      tags: 'health,sports',
    });
    await page.getByLabel('Title').fill('');
    await page.getByLabel('Publisher').fill(sample.publisher);
    await page.getByLabel('Tags').fill(tags);
    await page
      .getByRole('search', { name: 'Search articles' })
      .getByRole('button', { name: 'Search' })
      .click();
    if (expected.total === 0) {
      await expect(page.getByText('No articles match your search.')).toBeVisible();
    } else {
      await expect(page.getByRole('article')).toHaveCount(expected.articles.length);
      for (const article of expected.articles) await expect(card(page, article.name)).toBeVisible();
    }

    // A reload shows the same search.
    await page.reload();
    await expect(page.getByLabel('Publisher')).toHaveValue(sample.publisher);
    await expect(page.getByLabel('Tags')).toHaveValue(tags);

    await page.getByLabel('Publisher').fill('');
    await page.getByLabel('Tags').fill('');
    await page.getByLabel('Title').fill('no such headline anywhere');
    await page
      .getByRole('search', { name: 'Search articles' })
      .getByRole('button', { name: 'Search' })
      .click();
    await expect(page.getByText('No articles match your search.')).toBeVisible();
  });

  test('pages through the articles', async ({ page, request }) => {
    const second = await listArticles(request, { isApproved: 'true', page: '2', limit: '12' });
    await page.goto('/allpublishedarticles');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('article').first()).toHaveAccessibleName(second.articles[0]!.name);
    await pagination.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/allpublishedarticles\??$/);
  });

  test('opening an article shows it in full and counts exactly one view', async ({
    page,
    request,
    playwright,
    baseURL,
  }) => {
    // The counts are read as the admin, afresh: a guest's detail is kept up to 30 s (API.md).
    const counter = await playwright.request.newContext({ baseURL });
    const signedIn = await counter.post('/api/auth/sign-in/email', {
      data: { email: demo.admin.email, password: demoPassword },
      headers: { origin: new URL(baseURL ?? '').origin },
    });
    expect(signedIn.status()).toBe(200);
    const viewCount = async (id: string) => (await readArticle(counter, id)).viewCount;

    const { articles } = await listArticles(request, { isApproved: 'true', isPremium: 'false' });
    const chosen = articles[3]!;
    const before = await viewCount(chosen._id);
    const views: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'PATCH' && sent.url().includes('/api/articledetail/')) {
        views.push(sent.url());
      }
    });

    await page.goto(`/allpublishedarticles?title=${encodeURIComponent(chosen.name)}`);
    const counted = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.ok(),
    );
    await card(page, chosen.name).getByRole('link', { name: 'Detail' }).click();
    await expect(page).toHaveURL(new RegExp(`/articles/${chosen._id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen.name);
    await expect(page).toHaveTitle(`${chosen.name} | Tribune`);
    await expect(page.getByText('Photo Credit: Anonymous')).toBeVisible();
    await expect(page.getByRole('link', { name: chosen.author.email })).toHaveAttribute(
      'href',
      `mailto:${chosen.author.email}`,
    );
    const full = await readArticle(request, chosen._id);
    const paragraphs = full.description.split(/\n\s*\n/);
    await expect(page.getByText(paragraphs.at(-1)!.trim())).toBeVisible();
    await counted;

    // The server writes the views it counted once a second; nothing else counts a second time.
    await expect.poll(() => viewCount(chosen._id), { timeout: 5_000 }).toBe(before + 1);
    // The reader opens another article: the page has left this one, and once the server has
    // written the other's view, it has written every view it counted before (it writes them
    // all together).
    const next = articles[4]!;
    const nextBefore = await viewCount(next._id);
    const nextCounted = page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' &&
        response.url().endsWith(`/api/articledetail/${next._id}`) &&
        response.ok(),
    );
    await page.goto(`/articles/${next._id}`);
    await nextCounted;
    await expect.poll(() => viewCount(next._id), { timeout: 5_000 }).toBeGreaterThan(nextBefore);
    expect(views.filter((url) => url.endsWith(`/api/articledetail/${chosen._id}`))).toHaveLength(1);
    expect(await viewCount(chosen._id)).toBe(before + 1);
    await counter.dispose();
  });

  test.describe(() => {
    // One pattern: Playwright reads a two-item array here as [value, options].
    test.use({ allowConsoleErrors: /status of 40[34]/ });

    test('a reader without premium sees premium locked, the paywall, and a missing article', async ({
      page,
      request,
    }) => {
      const { articles } = await listArticles(request, {
        isApproved: 'true',
        isPremium: 'true',
      });
      const premium = articles[0]!;
      await signInAs(page, 'reader');

      await page.goto(`/allpublishedarticles?title=${encodeURIComponent(premium.name)}`);
      const locked = card(page, premium.name);
      await expect(locked.getByRole('button', { name: 'Detail' })).toBeDisabled();
      await expect(locked).toContainText('Premium — subscribe to read');

      // The preview: headline, byline and the first sentences (what lists carry), then the
      // prompt where the rest of the text would be.
      await page.goto(`/articles/${premium._id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(premium.name);
      await expect(page).toHaveTitle(`${premium.name} | Tribune`);
      await expect(page.getByText(premium.author.name)).toBeVisible();
      await expect(page.getByText(premium.description)).toBeVisible();
      const prompt = page.getByRole('region', { name: 'Premium article' });
      await expect(prompt).toContainText(articleMessages.premiumLocked);
      await prompt.getByRole('link', { name: 'Subscribe' }).click();
      await expect(page).toHaveURL(/\/subscription$/);

      await page.goto('/articles/999999');
      await expect(
        page.getByRole('heading', { name: "We couldn't find this article." }),
      ).toBeVisible();
      await page.getByRole('link', { name: 'Browse all articles' }).click();
      await expect(page).toHaveURL(/\/allpublishedarticles$/);
    });
  });

  test('a premium reader lists premium articles and opens one in full', async ({ page }) => {
    await signInAs(page, 'premium');
    const { articles, total } = await listArticles(page.request, {
      isApproved: 'true',
      isPremium: 'true',
    });
    const premium = articles[0]!;

    await page.goto('/premiumarticles');
    await expect(page).toHaveTitle('Premium Articles | Tribune');
    await expect(page.getByText(`${total} articles`)).toBeVisible();
    await card(page, premium.name).getByRole('link', { name: 'Detail' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(premium.name);
    // Lists carry three sentences; the full text is the detail's, which the premium reader gets.
    const { description } = await readArticle(page.request, premium._id);
    const last = description
      .split(/\n\s*\n/)
      .at(-1)!
      .trim();
    await expect(page.getByText(last)).toBeVisible();
  });
});
