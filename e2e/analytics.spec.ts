import { readFile } from 'node:fs/promises';
import type { Page, Request } from '@playwright/test';
import type { ArticleAnalytics } from '../src/shared/api/analytics.js';
import { demo, demoPassword } from './accounts.js';
import { listArticles } from './articleData.js';
import { expectNoViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { ownServer } from './ownServer.js';
import { hydrated } from './hydration.js';

/*
 * The page beacon and the editor's view, on a server of this file's own (built as the other
 * tests' is), so that the one article a guest reads here is the only one the figures hold:
 * the other tests' pages, read at the same time, would otherwise crowd the top articles.
 * The figures come from the roll-up, which the server runs each minute: the test waits for it.
 */

const site = await ownServer();

/** The next beacon of `type` the page sends. */
const beacon = (page: Page, type: string) =>
  page.waitForRequest(
    (request: Request) =>
      request.url() === `${site}/api/events` && request.postData()?.includes(`"${type}"`) === true,
  );

test('a guest’s reading of an article shows on the editor’s dashboard', async ({
  page,
  browser,
  request,
}) => {
  // The roll-up runs once a minute.
  test.setTimeout(150_000);
  const { articles } = await listArticles(request, { isPremium: 'false', limit: '1' });
  const article = articles[0]!;

  const viewed = beacon(page, 'pageview');
  await page.goto(`/articles/${article._id}`, { referer: 'https://www.google.com/' });
  await hydrated(page);
  expect(JSON.parse((await viewed).postData()!)).toEqual({
    type: 'pageview',
    path: `/articles/${article._id}`,
    referrer: 'https://www.google.com/',
  });

  // The reader reads to the end of the story, then leaves the tab: the page is hidden.
  await page.mouse.move(200, 200);
  for (let i = 0; i < 10; i++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(200);
  }
  const engaged = beacon(page, 'engagement');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const engagement = JSON.parse((await engaged).postData()!) as {
    engagedSeconds: number;
    scrollDepth: number;
  };
  expect(engagement).toMatchObject({ type: 'engagement', path: `/articles/${article._id}` });
  expect(engagement.engagedSeconds).toBeGreaterThanOrEqual(2);
  expect(engagement.scrollDepth).toBe(100);

  // An editor, in a browser of their own.
  const editor = await (await browser.newContext({ baseURL: site })).newPage();
  // Signed in here by hand: signInAs sends the other tests' server as the origin.
  const signIn = await editor.request.post('/api/auth/sign-in/email', {
    data: { email: demo.admin.email, password: demoPassword },
    headers: { origin: site },
  });
  expect(signIn.status()).toBe(200);
  let figures: ArticleAnalytics | undefined;
  await expect
    .poll(
      async () => {
        const response = await editor.request.get(`/api/analytics/articles/${article._id}?days=1`);
        figures = (await response.json()) as ArticleAnalytics;
        return figures.views;
      },
      { timeout: 80_000, intervals: [2_000] },
    )
    .toBe(1);
  expect(figures).toMatchObject({
    visitors: 1,
    avgEngagedSeconds: engagement.engagedSeconds,
    avgScrollDepth: 100,
  });

  await editor.goto('/admin/dashboard?days=1');
  await expect(editor.getByRole('button', { name: 'Today', pressed: true })).toBeVisible();
  const row = editor
    .getByRole('region', { name: 'Top articles' })
    .getByRole('row', { name: article.name });
  await expect(row.getByRole('cell')).toHaveText(['1', `${engagement.engagedSeconds} s`, '100%']);
  const sources = editor.getByRole('region', { name: 'Sources' });
  await expect(sources.getByRole('row', { name: /Search google\.com 1/ })).toBeVisible();
  await expectNoViolations(editor, 'the dashboard');

  // A table saved as CSV, fetched with the editor's session.
  const saved = editor.waitForEvent('download');
  await editor.getByRole('button', { name: 'Download CSV of the top articles' }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe('tribune-topArticles-today.csv');
  expect(await readFile(await download.path(), 'utf8')).toContain(article.name);

  // The same figures on the article's admin card, read when opened.
  const card = editor.getByRole('article', { name: article.name });
  for (let n = 1; n <= 5 && !(await card.isVisible()); n++) {
    await editor.goto(`/admin/allarticles?page=${n}`);
    await expect(editor.getByRole('article').first()).toBeVisible();
  }
  const disclosure = card.locator('details');
  await disclosure.getByText('Show figures').click();
  await expect(disclosure.getByRole('definition')).toHaveText(
    ['1', '1', `${engagement.engagedSeconds} s`, '100%', '0', '0', '0'].map(
      (value) => new RegExp(`^${value}$`),
    ),
  );
  await editor.context().close();
});
