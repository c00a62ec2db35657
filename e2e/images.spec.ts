import type { Page } from '@playwright/test';
import { signInAs } from './accounts.js';
import { listArticles } from './articleData.js';
import { expect, test } from './fixtures.js';
import { copyAt, fetchedPath } from './srcset.js';

/*
 * Article pictures come in the width their box needs (srcset and sizes, from the widths stored
 * at upload), keep their box before they arrive (width and height), and none in view when the
 * page opens waits to be scrolled to (loading=lazy would delay the largest paint).
 */

interface ShownImage {
  src: string;
  srcset: string | null;
  sizes: string | null;
  width: string | null;
  height: string | null;
  loading: string | null;
  /** Whether any of it is inside the window when the page opens. */
  inView: boolean;
  /** Its box is wider than an avatar's or a logo's: an article picture. */
  large: boolean;
}

async function shownImages(page: Page): Promise<ShownImage[]> {
  return page.locator('main img').evaluateAll((images) =>
    images.map((element) => {
      /** How much of the element shows in the window, its clipping ancestors (a carousel's
       * track) taken into account. */
      function visibleWidth(node: Element): number {
        const box = node.getBoundingClientRect();
        let [left, top, right, bottom] = [box.left, box.top, box.right, box.bottom];
        [left, top, right, bottom] = [
          Math.max(left, 0),
          Math.max(top, 0),
          Math.min(right, window.innerWidth),
          Math.min(bottom, window.innerHeight),
        ];
        for (let parent = node.parentElement; parent; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflowX === 'visible') continue;
          const clip = parent.getBoundingClientRect();
          [left, top, right, bottom] = [
            Math.max(left, clip.left),
            Math.max(top, clip.top),
            Math.min(right, clip.right),
            Math.min(bottom, clip.bottom),
          ];
        }
        return right > left && bottom > top ? right - left : 0;
      }
      const image = element as HTMLImageElement;
      const box = image.getBoundingClientRect();
      return {
        src: image.getAttribute('src') ?? '',
        srcset: image.getAttribute('srcset'),
        sizes: image.getAttribute('sizes'),
        width: image.getAttribute('width'),
        height: image.getAttribute('height'),
        loading: image.getAttribute('loading'),
        inView: visibleWidth(image) > 0,
        large: box.width >= 200,
      };
    }),
  );
}

function expectSized(images: ShownImage[]) {
  const pictures = images.filter((image) => image.large);
  expect(pictures.length).toBeGreaterThan(0);
  for (const picture of pictures) {
    expect(picture.srcset, picture.src).toMatch(/^\S+ \d+w(, \S+ \d+w)*$/);
    expect(picture.sizes, picture.src).toBeTruthy();
    expect(Number(picture.width), picture.src).toBeGreaterThan(0);
    expect(Number(picture.height), picture.src).toBeGreaterThan(0);
  }
  for (const image of images.filter((shown) => shown.inView)) {
    expect(image.loading, `${image.src} is in view`).not.toBe('lazy');
  }
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`article pictures at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('public pages: sized for their box, and nothing in view is lazy', async ({
      page,
      request,
    }) => {
      const { articles } = await listArticles(request, {
        isApproved: 'true',
        isPremium: 'false',
        limit: '1',
      });
      for (const address of ['/', '/allpublishedarticles', `/articles/${articles[0]?._id}`]) {
        await page.goto(address);
        await expect(page.locator('main img').first()).toBeVisible();
        expectSized(await shownImages(page));
      }
    });

    test('the premium list and the admin’s pages are sized too', async ({ page }) => {
      await signInAs(page, 'admin');
      for (const address of ['/premiumarticles', '/admin/allarticles']) {
        await page.goto(address);
        await expect(page.locator('main img').first()).toBeVisible();
        expectSized(await shownImages(page));
      }
    });
  });
}

test('an article’s author photo, drawn 56 px wide, is fetched at its 160 px copy', async ({
  page,
  request,
}) => {
  const { articles } = await listArticles(request, {
    isApproved: 'true',
    isPremium: 'false',
    limit: '50',
  });
  // A demo author's photo (stored 256 px wide, with a 160 px copy).
  const article = articles.find((entry) => entry.author.photoSrcset?.includes(' 160w'));
  const copy160 = copyAt(article?.author.photoSrcset, 160);
  expect(copy160).toBeTruthy();
  await page.goto(`/articles/${article?._id}`);
  const photo = page.getByRole('img', { name: `Photo of ${article?.author.name}` });
  await expect(photo).toHaveAttribute('sizes', '56px');
  await expect.poll(() => fetchedPath(photo)).toBe(copy160);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });

  test('a phone fetches a narrow copy of a card’s picture, not the 1,200 px original', async ({
    page,
  }) => {
    await page.goto('/allpublishedarticles');
    // A demo article's picture (stored 1,200 px wide); other tests add small ones meanwhile.
    const first = page.locator('main article img[srcset*=" 1200w"]').first();
    // It may be below the fold, where it loads as it scrolls near.
    await first.scrollIntoViewIfNeeded();
    await expect(first).toBeVisible();
    await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.complete)).toBe(true);
    // A 358 px box at 2 device pixels per CSS pixel needs 716 px: the 800 px copy.
    const { current, srcset } = await first.evaluate((image: HTMLImageElement) => ({
      current: new URL(image.currentSrc).pathname,
      srcset: image.srcset,
    }));
    const chosen = srcset.split(', ').find((entry) => entry.startsWith(`${current} `));
    expect(chosen).toMatch(/ 800w$/);
  });
});
