import type { APIRequestContext, Page } from '@playwright/test';
import type { SearchAnswer } from '../src/shared/api/search.js';
import { signInAs } from './accounts.js';
import { expect, test } from './fixtures.js';

/*
 * Site search as a reader uses it: the header's box on any page, the facets beside the results,
 * a result that opens its article; and the same without JavaScript, from the server's HTML.
 * Other tests add articles meanwhile, so what to expect is asked of the API first.
 */

const word = 'council';

async function searchApi(request: APIRequestContext, query: string): Promise<SearchAnswer> {
  const response = await request.get(`/api/search?${query}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as SearchAnswer;
}

async function searchFromHeader(page: Page, words: string) {
  const box = page.getByRole('search', { name: 'Site search' });
  await box.getByLabel('Search the site').fill(words);
  await box.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${words}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
}

test('a reader searches from the header, narrows by a publisher and opens a result', async ({
  page,
  request,
}) => {
  const all = await searchApi(request, `q=${word}`);
  expect(all.facets.publishers.length).toBeGreaterThan(1);
  const publisher = all.facets.publishers[0]!;

  await page.goto('/allpublishedarticles');
  await searchFromHeader(page, word);
  await expect(page.getByRole('status')).toContainText(`${all.total} articles for “${word}”`);
  // The matching words are marked in the results.
  await expect(page.locator('main mark').first()).toHaveText(new RegExp(word, 'i'));

  const facets = page.getByRole('complementary', { name: 'Narrow the results' });
  await facets.getByRole('link', { name: new RegExp(`^${publisher.name}`) }).click();
  await expect(page).toHaveURL(/publisher=/);
  const count = publisher.count;
  await expect(page.getByRole('status')).toContainText(
    `${count} ${count === 1 ? 'article' : 'articles'} for “${word}”`,
  );
  const results = page.locator('main article');
  await expect(results).toHaveCount(Math.min(count, 10));
  const publisherLines = await results.evaluateAll((articles) =>
    articles.map((article) => article.querySelector('p')?.textContent ?? ''),
  );
  for (const line of publisherLines) expect(line).toContain(publisher.name);
  await expect(
    page.getByRole('link', { name: `Publisher: ${publisher.name} (remove)` }),
  ).toBeVisible();

  const narrowed = await searchApi(
    request,
    `q=${word}&publisher=${encodeURIComponent(publisher.name)}`,
  );
  const first = narrowed.results[0]!;
  await results.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/articles/${first.article._id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.article.name);
});

test('a search with no words says so, and one that matches nothing says that', async ({ page }) => {
  await page.goto('/search?q=%21%21%21');
  await expect(page.getByRole('alert')).toHaveText('Type a word to search for.');
  await page.goto('/search?q=qwzxv');
  await expect(page.getByText('No articles match your search.')).toBeVisible();
});

test('the admin area has the search box too, in its sidebar', async ({ page, request }) => {
  const all = await searchApi(request, `q=${word}`);
  await signInAs(page, 'admin');
  await page.goto('/admin/allusers');
  await searchFromHeader(page, word);
  await expect(page.getByRole('status')).toContainText(`${all.total} articles for “${word}”`);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header searches and the facets narrow, in the server’s HTML', async ({
    page,
    request,
  }) => {
    const all = await searchApi(request, `q=${word}`);
    const tag = all.facets.tags[0]!;
    await page.goto('/');
    await searchFromHeader(page, word);
    await expect(page.locator('main article')).toHaveCount(Math.min(all.total, 10));
    await page
      .getByRole('complementary', { name: 'Narrow the results' })
      .getByRole('link', { name: new RegExp(`^${tag.tag}`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`tags=${tag.tag}`));
    await expect(page.getByRole('status')).toContainText(`${tag.count} article`);
  });
});
