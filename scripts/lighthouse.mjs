#!/usr/bin/env node
// npm run lighthouse: Lighthouse (mobile, its default) on the public pages of the built app,
// three runs each, and the median of each score and metric, as docs/PERFORMANCE.md reports them.
// Twice: with Lighthouse's default simulated throttling (Lantern estimates each metric from an
// unthrottled load), then with the same throttling applied to Chromium itself (devtools), which
// measures the paint the reader would see.
// Starts the built server on a fresh data folder with the demo content; Lighthouse 12 comes from
// the npm registry through npx (13 needs Node 22) and drives Chromium from CHROMIUM_PATH or
// /usr/bin/chromium.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { firstFreeArticle, startBuiltServer } from './built-server.mjs';

const runs = 3;
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3999);
const chrome = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const { base, dataDir, stop } = await startBuiltServer(port, 'lighthouse');

try {
  const pages = {
    home: '/',
    'All Articles': '/allpublishedarticles',
    article: await firstFreeArticle(base),
  };
  // A running site is warm: its code compiled and its pages' modules loaded. The first render
  // after a start takes a hundred times longer, which Lighthouse would count as the server's.
  for (const address of Object.values(pages)) await (await fetch(`${base}${address}`)).text();
  for (const throttling of ['simulate', 'devtools']) {
    console.log(`\nThrottling: ${throttling}\n`);
    console.log('| page | performance | accessibility | best practices | SEO | LCP | CLS | TBT |');
    console.log('| ---- | ---- | ---- | ---- | ---- | ---- | ---- | ---- |');
    for (const [name, address] of Object.entries(pages)) {
      const results = [];
      for (let run = 0; run < runs; run += 1) results.push(audit(`${base}${address}`, throttling));
      const median = (pick) => results.map(pick).sort((a, b) => a - b)[Math.floor(runs / 2)];
      const score = (id) => Math.round(median((r) => r.categories[id].score) * 100);
      const metric = (id) => median((r) => r.audits[id].numericValue);
      console.log(
        `| ${name} | ${score('performance')} | ${score('accessibility')} | ` +
          `${score('best-practices')} | ${score('seo')} | ` +
          `${(metric('largest-contentful-paint') / 1000).toFixed(1)} s | ` +
          `${metric('cumulative-layout-shift').toFixed(3)} | ` +
          `${Math.round(metric('total-blocking-time'))} ms |`,
      );
    }
  }
} finally {
  stop();
}

/** One Lighthouse run of `url`: its JSON report. Lighthouse sometimes loses its trace
 * (NO_NAVSTART) with headless Chromium; such a run is made again, twice at most. */
function audit(url, throttling, tries = 3) {
  const out = path.join(dataDir, 'report.json');
  const result = spawnSync(
    'npx',
    [
      '--yes',
      'lighthouse@12',
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      `--throttling-method=${throttling}`,
      '--chrome-flags=--headless=new --no-sandbox',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CHROME_PATH: chrome } },
  );
  if (result.status !== 0) {
    if (tries > 1) return audit(url, throttling, tries - 1);
    throw new Error(`Lighthouse failed on ${url}`);
  }
  return JSON.parse(readFileSync(out, 'utf8'));
}
