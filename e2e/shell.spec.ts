import { signInAs } from './accounts.js';
import { expect, test } from './fixtures.js';
import { copyAt, fetchedPath } from './srcset.js';

interface PublisherItem {
  _id: string;
  publisher: string;
  publisherLogo: string;
  publisherLogoSrcset: string | null;
  publisherLogoSize: { width: number; height: number } | null;
}

test.describe('public layout', () => {
  test('home shows the masthead, today, the nav and the publishers from the API', async ({
    page,
    request,
  }) => {
    const publishers = (await (await request.get('/api/publisher')).json()) as PublisherItem[];
    expect(publishers.length).toBeGreaterThanOrEqual(6);

    await page.goto('/');
    await expect(page).toHaveTitle(/Tribune/);
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Tribune', exact: true }),
    ).toBeVisible();
    const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'full' }).format(new Date());
    await expect(page.getByText(today)).toBeVisible();

    const nav = page.getByRole('navigation', { name: /main/i });
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'All Articles' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

    const section = page.getByRole('region', { name: 'Publishers' });
    for (const item of publishers) {
      await expect(section.getByText(item.publisher, { exact: true })).toBeVisible();
      const logo = section.getByRole('listitem').filter({ hasText: item.publisher }).locator('img');
      await expect(logo).toHaveAttribute('src', item.publisherLogo);
      if (item.publisherLogoSrcset) {
        await expect(logo).toHaveAttribute('srcset', item.publisherLogoSrcset);
      }
      // A square logo is drawn 64 px wide: a screen of one pixel per CSS pixel fetches its
      // 160 px copy, not the whole logo.
      const size = item.publisherLogoSize;
      const copy160 = copyAt(item.publisherLogoSrcset, 160);
      if (copy160 && size && size.width === size.height) {
        await expect.poll(() => fetchedPath(logo)).toBe(copy160);
      }
    }
    // Every logo really loads.
    const broken = await section
      .locator('img')
      .evaluateAll(
        (images) =>
          images.filter(
            (img) =>
              !(img as HTMLImageElement).complete || (img as HTMLImageElement).naturalWidth === 0,
          ).length,
      );
    expect(broken).toBe(0);

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    const social = footer.getByRole('list', { name: 'Follow us' });
    for (const name of ['Facebook', 'X', 'Instagram']) {
      await expect(social.getByRole('link', { name, exact: true })).toBeVisible();
    }
  });

  test('the nav leads to a lazily loaded page that sets its title', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: /main/i })
      .getByRole('link', { name: 'All Articles' })
      .click();
    await expect(page).toHaveURL(/\/allpublishedarticles$/);
    await expect(page).toHaveTitle('All Articles | Tribune');
  });

  test.describe(() => {
    // The page itself answers 404, which Chromium reports on the console.
    test.use({ allowConsoleErrors: /status of 404/ });

    test('an unknown page shows the 404 text and leads home', async ({ page }) => {
      const response = await page.goto('/no-such-page');
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Sorry, we couldn't find this page.")).toBeVisible();
      await page.getByRole('link', { name: 'Back to homepage' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('region', { name: 'Publishers' })).toBeVisible();
    });
  });

  test('fits a phone screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await expect(
      page.getByRole('region', { name: 'Publishers' }).locator('img').first(),
    ).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(
      page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'All Articles' }),
    ).toBeVisible();
  });
});

test("on a phone, the nav shows the current page's link and fades where more links wait", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'admin');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const strip = nav.getByRole('list');
  const fade = () => strip.evaluate((list) => getComputedStyle(list).maskImage);

  await page.goto('/');
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  // At the start: links wait past the right end only.
  await expect
    .poll(fade)
    .toMatch(/^linear-gradient\(90deg, rgb\(0, 0, 0\) .*, rgba\(0, 0, 0, 0\)\)$/);

  // Opened from further along the strip (here by its address), the current link is brought
  // into view, clear of the fades, and links wait at both ends.
  await page.goto('/myarticles');
  const current = nav.getByRole('link', { name: 'My Articles' });
  await expect(current).toHaveAttribute('aria-current', 'page');
  await expect
    .poll(async () => {
      const [link, list] = [(await current.boundingBox())!, (await strip.boundingBox())!];
      return link.x >= list.x + 31 && link.x + link.width <= list.x + list.width - 31;
    })
    .toBe(true);
  await expect
    .poll(fade)
    .toMatch(/^linear-gradient\(90deg, rgba\(0, 0, 0, 0\), .*rgba\(0, 0, 0, 0\)\)$/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe('server', () => {
  test('unknown API paths answer a JSON 404 and health answers 200', async ({ request }) => {
    const missing = await request.get('/api/no-such');
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toMatchObject({ error: 'not_found' });
    const health = await request.get('/api/health');
    expect(health.status()).toBe(200);
  });

  test("the build's entry is no page of its own", async ({ request }) => {
    const entry = await request.get('/index.html');
    expect(entry.status()).toBe(404);
    expect(await entry.text()).toContain('<title>Page not found | Tribune</title>');
  });

  test('hashed assets are cached for a long time and pages are revalidated', async ({
    page,
    request,
  }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/assets/') && response.url().endsWith('.js'))
        scripts.push(response.url());
    });
    const html = await request.get('/allpublishedarticles');
    expect(html.headers()['cache-control']).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=60, stale-if-error=86400',
    );
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Publishers' })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    const asset = await request.get(scripts[0]!);
    expect(asset.headers()['cache-control']).toContain('immutable');
  });

  test("the entry's first line asks Chromium to compile it while it downloads", async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    const entry = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
    expect(entry, 'the page names its entry').toBeDefined();
    for (const encoding of ['br', 'gzip', 'identity']) {
      const script = await request.get(entry!, { headers: { 'accept-encoding': encoding } });
      expect((await script.text()).split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    }
  });

  test('the API reference page renders under the Content-Security-Policy', async ({ page }) => {
    await page.goto('/api/docs');
    await expect(page.getByText('Tribune API')).toBeVisible();
    await expect(page.getByText('/api/publisher').first()).toBeVisible();
  });
});
