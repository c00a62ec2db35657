import type { Page } from '@playwright/test';
import { demo, signInAs } from './accounts.js';
import { listArticles, readArticle, uniqueTitle } from './articleData.js';
import { approveAsAdmin, origin, postAsNewAuthor } from './authorData.js';
import { expectNoViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { keepToasts } from './toasts.js';
import { dashboardLoadMs } from './dashboard.js';

/*
 * axe-core on every page, as each kind of reader, on a wide and a phone screen, and with the
 * menus, dialogs and toasts open: no violation of WCAG 2.2 A and AA, nor of axe's best
 * practices. Then the keyboard: focus goes back where it was when a dialog closes, moves to the
 * new page after a navigation, and Escape closes the admin's phone menu.
 */

/** The page has drawn its data: no progress bar, no loading skeleton. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

const widths = [
  { name: 'wide', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

const publicPages = [
  '/',
  '/allpublishedarticles',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=from-the-mail',
  '/no-such-page',
];
const readerPages = ['/myarticles', '/addArticle', '/myprofile', '/subscription'];
const adminPages = [
  '/admin/dashboard',
  '/admin/allusers',
  '/admin/allarticles',
  '/admin/addpublisher',
];

for (const { name, viewport } of widths) {
  test.describe(`axe at ${viewport.width} px (${name})`, () => {
    test.use({ viewport, allowConsoleErrors: /status of 404/ });

    test('search results with their marks, facets and filters, as a guest', async ({ page }) => {
      await page.goto('/search?q=council&tags=politics');
      await settled(page);
      await expect(page.locator('main mark').first()).toBeVisible();
      await expectNoViolations(page, 'search results');
    });

    test('public pages as a guest', async ({ page, request }) => {
      // axe reads several whole pages: more than one page's worth of time on a loaded machine.
      test.slow();
      const { articles } = await listArticles(request, { isApproved: 'true' });
      const free = articles.find((article) => !article.isPremium)!;
      const premium = articles.find((article) => article.isPremium)!;
      for (const path of [...publicPages, `/articles/${free._id}`, `/articles/${premium._id}`]) {
        await page.goto(path);
        await settled(page);
        await expectNoViolations(page, `${path} as a guest`);
      }
    });

    test('every page a free reader has, and the account menu', async ({ page, request }) => {
      // axe reads several whole pages: more than one page's worth of time on a loaded machine.
      test.slow();
      await signInAs(page, 'writer');
      const { articles } = await listArticles(request, { isApproved: 'true' });
      for (const path of ['/', ...readerPages, `/articles/${articles[0]!._id}`]) {
        await page.goto(path);
        await settled(page);
        await expectNoViolations(page, `${path} as a free reader`);
      }
      await page.getByRole('button', { name: demo.writer.name }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoViolations(page, 'the account menu');
    });

    test("the premium reader's pages", async ({ page, request }) => {
      // axe reads several whole pages: more than one page's worth of time on a loaded machine.
      test.slow();
      await signInAs(page, 'premium');
      const { articles } = await listArticles(request, { isApproved: 'true', isPremium: 'true' });
      for (const path of ['/premiumarticles', '/subscription', `/articles/${articles[0]!._id}`]) {
        await page.goto(path);
        await settled(page);
        await expectNoViolations(page, `${path} as a premium reader`);
      }
    });

    test("the admin's pages and the decline dialog", async ({ page }) => {
      // axe reads several whole pages: more than one page's worth of time on a loaded machine.
      test.slow();
      await signInAs(page, 'admin');
      for (const path of adminPages) {
        await page.goto(path);
        await settled(page);
        await expectNoViolations(page, `${path} as an admin`);
      }
      await page.goto('/admin/allarticles');
      await settled(page);
      await page.getByRole('button', { name: 'Decline' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoViolations(page, 'the decline dialog');
    });

    test("the edit form, the card form, and an edit waiting, as its author and in the editors' queue", async ({
      page,
    }) => {
      // Two people, six pages: more than one page's worth of time on a loaded machine.
      test.slow();
      const title = uniqueTitle('Lighthouse keepers');
      const story = 'The keepers left in May. The lamp still turns. Nobody climbs the stairs.';
      const { id, author } = await postAsNewAuthor(page, 'Alma Access', {
        title,
        tags: ['environment'],
        description: story,
      });
      await approveAsAdmin(page, id, author);

      await page.goto(`/updateArticle?id=${id}`);
      await expect(page.getByLabel('Title')).toHaveValue(title);
      await settled(page);
      await expectNoViolations(page, 'the edit form');

      // The author's edit waits for an editor.
      const edit = await page.request.put(`/api/articles/${id}`, {
        data: {
          name: `${title} (revisited)`,
          publisher: 'The Harbour Herald',
          tags: ['environment'],
          description: `${story} The gulls stayed.`,
          image: (await readArticle(page.request, id)).image,
        },
        headers: { origin: origin() },
      });
      expect(edit.ok(), await edit.text()).toBe(true);

      await page.goto('/');
      await page
        .getByRole('region', { name: 'Plans' })
        .getByRole('link', { name: /^Subscribe/ })
        .first()
        .click();
      await page.getByRole('button', { name: 'checkout now' }).click();
      await expect(page).toHaveURL(/\/payment$/);
      await settled(page);
      await expectNoViolations(page, 'the card form');

      // The author's edit as a diff, in its dialog on My Articles.
      await page.goto('/myarticles');
      await page
        .getByRole('row')
        .filter({ hasText: title })
        .getByRole('button', { name: 'See changes' })
        .click();
      await expect(
        page.getByRole('dialog').getByRole('group', { name: 'Description changed' }),
      ).toBeVisible();
      await expectNoViolations(page, "the author's edit as a diff");

      await page.context().clearCookies();
      await signInAs(page, 'admin');
      await page.goto('/admin/allarticles');
      await expect(
        page.getByRole('region', { name: `Edit of ${title}`, exact: true }),
      ).toBeVisible();
      await settled(page);
      await expectNoViolations(page, "the editors' queue");
    });
  });
}

test.describe('dialogs and toasts', () => {
  test('an alert dialog and a toast pass axe, and focus returns to the opener', async ({
    page,
  }) => {
    await signInAs(page, 'writer');
    await page.goto('/myarticles');
    await settled(page);
    const remove = page.getByRole('button', { name: /delete/i }).first();
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await expectNoViolations(page, 'the delete confirmation');
    await page.keyboard.press('Escape');
    // Cancelled: the notice says so, and once it closes focus is back on the Delete button.
    await expect(page.getByRole('alertdialog', { name: 'Cancelled' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(remove).toBeFocused();
  });

  test('the sign-in toast passes axe', async ({ page }) => {
    // Signing in, then axe on a whole page: more than one page's worth of time when loaded.
    test.slow();
    await keepToasts(page);
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(demo.reader.email);
    await page.getByLabel('Password', { exact: true }).fill('Tribune123');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const toast = page.getByText('You are successfully logged in.');
    await expect(toast).toBeVisible();
    // axe reads the home page the sign-in leads to, once it has loaded, as the other tests do.
    await expect(page).toHaveURL(/\/$/);
    await settled(page);
    await expectNoViolations(page, 'the sign-in toast');
    // It was there all along for axe to read.
    await expect(toast).toBeVisible();
  });

  test("the toast that turns a reader away from the admin's pages passes axe", async ({ page }) => {
    // Signing in, then axe on a whole page: more than one page's worth of time when loaded.
    test.slow();
    await signInAs(page, 'reader');
    await keepToasts(page);
    await page.goto('/admin/dashboard');
    const toast = page.getByText('You are not an admin');
    await expect(toast).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await settled(page);
    await expectNoViolations(page, 'the not-an-admin toast');
    await expect(toast).toBeVisible();
  });
});

test.describe('keyboard', () => {
  test("each of the dashboard's charts is one keyboard stop, named for what it shows", async ({
    page,
  }) => {
    await signInAs(page, 'admin');
    await page.goto('/admin/dashboard');
    const charts = page.locator('main figure .recharts-wrapper > svg.recharts-surface');
    await expect(charts).toHaveCount(5, { timeout: dashboardLoadMs });
    const stops = await charts.evaluateAll((svgs) =>
      svgs.map((svg) => ({
        tabbable: (svg as SVGElement).tabIndex >= 0,
        name: svg.querySelector(':scope > title')?.textContent ?? '',
      })),
    );
    for (const stop of stops) {
      if (stop.tabbable) expect(stop.name, 'a chart one can tab to').not.toBe('');
    }
    // Nothing inside a chart is a stop of its own: not the pie's slices, nor its darker copy
    // under it (its 3D side), which recharts would each make one, unnamed.
    await expect(page.locator('main figure svg [tabindex]:not([tabindex^="-"])')).toHaveCount(0);

    // From the keyboard, the pie's arrow keys name a publisher and its share.
    const pieFigure = page.locator('main figure').filter({ has: page.locator('.recharts-pie') });
    await pieFigure.locator('.recharts-wrapper > svg.recharts-surface').focus();
    await page.keyboard.press('ArrowRight');
    const tooltip = pieFigure.locator('.recharts-tooltip-item');
    await expect(tooltip).toHaveText(/^\S.* : \d+\.\d%$/);
    await expect(tooltip).toHaveCSS('color', 'rgb(22, 21, 20)');
  });

  test("closing the decline dialog gives focus back to the article's Decline", async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/admin/allarticles');
    await settled(page);
    const decline = page.getByRole('button', { name: 'Decline' }).first();
    await decline.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(decline).toBeFocused();
  });

  test('the subscription prompt gives focus back to where it was', async ({ page }) => {
    await page.clock.install();
    await signInAs(page, 'reader');
    await page.goto('/');
    await settled(page);
    const link = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'All Articles' });
    await link.focus();
    await page.clock.fastForward(10_000);
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoViolations(page, 'the subscription prompt');
    await page.getByRole('button', { name: 'Later' }).press('Enter');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(link).toBeFocused();
  });

  test('after following a link, focus is on the new page and its title is announced', async ({
    page,
  }) => {
    await page.goto('/');
    await settled(page);
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
      name: 'All Articles',
    });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/allpublishedarticles$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(
      page.locator('[aria-live="polite"]').filter({ hasText: 'All Articles' }),
    ).toHaveText('All Articles | Tribune');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("Escape closes the admin's menu and gives focus back to its button", async ({ page }) => {
      await signInAs(page, 'admin');
      await page.goto('/admin/dashboard');
      const menu = page.getByRole('button', { name: 'Menu' });
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expectNoViolations(page, "the admin's phone menu");
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link').first().focus();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeFocused();
      await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
    });
  });
});

test.describe('layout shift', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('public pages do not shift while they load (CLS at most 0.02)', async ({
    page,
    request,
  }) => {
    const { articles } = await listArticles(request, { isApproved: 'true', limit: '1' });
    await page.addInitScript(() => {
      const win = window as typeof window & { layoutShift: number };
      win.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) win.layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const path of [
      '/',
      '/allpublishedarticles',
      '/search?q=council&tags=politics',
      `/articles/${articles[0]!._id}`,
      '/login',
    ]) {
      await page.goto(path);
      await settled(page);
      // Pictures and late scripts land in the first second or so.
      await page.waitForLoadState('load');
      await page.waitForTimeout(1000);
      const shift = await page.evaluate(
        () => (window as typeof window & { layoutShift: number }).layoutShift,
      );
      expect(shift, path).toBeLessThanOrEqual(0.02);
    }
  });
});
