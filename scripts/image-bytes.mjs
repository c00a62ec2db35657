#!/usr/bin/env node
// npm run image-bytes: the bytes of images a guest's browser downloads when it opens the home
// page, All Articles and an article, on a phone (390 px wide, 2 device pixels per CSS pixel)
// and a desktop (1280 px, 1), as docs/PERFORMANCE.md reports them. Counts what arrives until
// the network is quiet, without scrolling: lazy images below the fold are not fetched.
import { chromium } from '@playwright/test';
import { firstFreeArticle, startBuiltServer } from './built-server.mjs';

const port = Number(process.env.IMAGE_BYTES_PORT ?? 3998);
const screens = [
  { name: '390 px', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 },
  { name: '1280 px', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
];
const { base, stop } = await startBuiltServer(port, 'image-bytes');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
});
try {
  const pages = {
    home: '/',
    'All Articles': '/allpublishedarticles',
    article: await firstFreeArticle(base),
  };
  console.log(`| page | ${screens.map((screen) => screen.name).join(' | ')} |`);
  console.log(`| ---- | ${screens.map(() => '----').join(' | ')} |`);
  for (const [name, address] of Object.entries(pages)) {
    const cells = [];
    for (const { viewport, deviceScaleFactor } of screens) {
      const context = await browser.newContext({ viewport, deviceScaleFactor });
      const page = await context.newPage();
      let bytes = 0;
      let count = 0;
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'image') return;
        const body = await response.body().catch(() => Buffer.alloc(0));
        bytes += body.length;
        count += 1;
      });
      await page.goto(`${base}${address}`, { waitUntil: 'networkidle' });
      cells.push(`${Math.round(bytes / 1024)} KB in ${count} images`);
      await context.close();
    }
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
} finally {
  await browser.close();
  stop();
}
