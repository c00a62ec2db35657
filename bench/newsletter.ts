import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/database.js';
import { queueArticleSend } from '../src/server/newsletter/sends.js';
import { budgets } from './budgets.js';
import { createBenchDatabase } from './databases.js';
import { fillDatabase } from './fill.js';
import { loadAtRate } from './open-loop.js';
import { errorCount, type LoadResult } from './load.js';
import { mainScript } from './bundle-size.js';
import { scenarioContext, scenarios } from './scenarios.js';
import { startServer } from './server.js';
import { startSmtpSink } from './smtp-sink.js';
import { waitForStoredPages } from './stored-pages.js';
import { warmUpEveryRoute } from './warm-up.js';

/**
 * npm run bench:newsletter [-- --smoke] [-- --skip-build] [-- --subscribers N]: a newsletter
 * send to N confirmed subscribers (100,000 by default) on SQLite. It fills a throw-away database
 * (articles as the main bench's, 20,000 by default, and the subscribers), starts the built server
 * with a local SMTP server (bench/smtp-sink.ts) as its relay and no sending limit
 * (NEWSLETTER_RATE=0), queues one article's send as the admin's request does, and measures:
 * - how long queueing takes (one statement writes every delivery; budget < 10 s);
 * - the rate at which the relay takes the messages (budget >= 300 a second);
 * - the readers' pages while the send runs: the home page, the article page and page 1 at the
 *   main bench's rate, held to their usual p99 budgets.
 * At the end every subscriber must have been mailed exactly once.
 */
const { values } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    subscribers: { type: 'string' },
    articles: { type: 'string' },
  },
});
const smoke = values.smoke;
const subscribers = Number(values.subscribers ?? (smoke ? 2_000 : 100_000));
const articles = Number(values.articles ?? (smoke ? 1_000 : 20_000));
const load = { connections: smoke ? 20 : 200, seconds: smoke ? 1 : 10, rate: smoke ? 100 : 1_000 };
const queueBudgetSeconds = 10;
const deliveryBudgetPerSecond = 300;

if (!values['skip-build']) {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const database = await createBenchDatabase('sqlite');
const sink = await startSmtpSink();
let stopServer: (() => Promise<unknown>) | undefined;
try {
  console.log(`Filling SQLite with ${articles.toLocaleString('en')} articles...`);
  const fill = await fillDatabase(database.config, { articles, users: smoke ? 100 : 10_000 });
  const filled = await addSubscribers(subscribers);
  console.log(`Added ${subscribers.toLocaleString('en')} subscribers in ${filled.toFixed(1)} s.`);

  const server = await startServer(database, 1, false, {
    SMTP_URL: sink.url,
    NEWSLETTER_RATE: '0',
    // The digest is not what is measured: past its hour it would queue one of its own.
    NEWSLETTER_HOUR: '23',
  });
  stopServer = () => server.stop();
  await waitForStoredPages(database.config);
  const all = scenarios(scenarioContext(fill, server, mainScript('dist/web')));
  const reading = all.filter((s) => ['home', 'article', 'page1'].includes(s.key));
  await warmUpEveryRoute(server.baseUrl, all, { connections: load.connections, seconds: 1 });

  const queueSeconds = await queueSend(fill.openIds[0]!);
  console.log(`Queued the send in ${queueSeconds.toFixed(2)} s.`);
  while (sink.taken() === 0) await pause(50);

  const pages: { key: string; budgetMs: number; result: LoadResult }[] = [];
  for (const scenario of reading) {
    const result = await loadAtRate(server.baseUrl, scenario, load);
    const budgetMs = budgets.p99Ms[scenario.budget!];
    pages.push({ key: scenario.key, budgetMs, result });
    console.log(
      `  ${scenario.label} during the send: at ${load.rate}/s p99 ${result.p99} ms ` +
        `(budget < ${budgetMs} ms), ${sink.taken()} mailed so far`,
    );
  }
  const sendingWhileMeasured = sink.taken() < subscribers;

  const limitMs = Math.max(120_000, (subscribers / 50) * 1000);
  const waitStarted = Date.now();
  while (sink.taken() < subscribers && Date.now() - waitStarted < limitMs) await pause(200);
  await pause(2_000); // a duplicate would arrive after the last expected message
  const taken = sink.taken();
  const seconds = (sink.takenAt.at(-1)! - sink.takenAt[0]!) / 1000;
  const perSecond = taken / Math.max(seconds, 0.001);

  const checks = [
    {
      budget: 'queueing a send',
      limit: `< ${queueBudgetSeconds} s`,
      actual: `${queueSeconds.toFixed(2)} s`,
      met: queueSeconds < queueBudgetSeconds,
    },
    {
      budget: 'delivery to the relay',
      limit: `>= ${deliveryBudgetPerSecond}/s`,
      actual: `${Math.round(perSecond)}/s`,
      met: perSecond >= deliveryBudgetPerSecond,
    },
    {
      budget: 'each subscriber mailed once',
      limit: `${subscribers}`,
      actual: `${taken}`,
      met: taken === subscribers,
    },
    ...pages.map((p) => ({
      budget: `${p.key} p99 during the send`,
      limit: `< ${p.budgetMs} ms`,
      actual: `${p.result.p99} ms${errorCount(p.result) ? `, ${errorCount(p.result)} errors` : ''}`,
      met: p.result.p99 < p.budgetMs && errorCount(p.result) === 0,
    })),
  ];
  console.log('');
  for (const c of checks) {
    console.log(`${c.met ? 'met   ' : 'MISSED'} ${c.budget}: ${c.actual} (${c.limit})`);
  }
  if (!sendingWhileMeasured) console.log('(the send ended before the pages were all measured)');
  const file = saveResult({ subscribers, articles, queueSeconds, perSecond, checks });
  console.log(`Saved ${file}`);
  const missed = checks.some((c) => !c.met);
  // Mailing someone twice or not at all fails even a smoke run; a missed speed only a full run.
  process.exitCode = taken !== subscribers || (missed && !smoke) ? 1 : 0;
} finally {
  await stopServer?.().catch(() => undefined);
  await sink.close();
  await database.drop();
}

/** Confirmed readers of the digest, written directly in batches (as fill.ts writes articles). */
async function addSubscribers(count: number): Promise<number> {
  const started = performance.now();
  const handle = openDatabase(database.config);
  try {
    const at = '2026-01-01T00:00:00.000Z';
    await handle.db.transaction().execute(async (trx) => {
      for (let first = 1; first <= count; first += 1_000) {
        const rows = [];
        for (let n = first; n < Math.min(count + 1, first + 1_000); n += 1) {
          rows.push({
            email: `reader${n}@example.test`,
            status: 'confirmed' as const,
            digest: true,
            createdAt: at,
            updatedAt: at,
            confirmedAt: at,
          });
        }
        await trx.insertInto('newsletterSubscriber').values(rows).execute();
      }
    });
  } finally {
    await handle.close();
  }
  return (performance.now() - started) / 1000;
}

/** What an admin's POST /api/newsletter/sends does, timed: the send and all its deliveries. */
async function queueSend(articleId: number): Promise<number> {
  const handle = openDatabase(database.config);
  try {
    const article = await handle.db
      .selectFrom('article')
      .select(['id', 'title', 'publisherId'])
      .where('id', '=', articleId)
      .executeTakeFirstOrThrow();
    const { rows } = await sql<{ id: string }>`select id from "user" limit 1`.execute(handle.db);
    const started = performance.now();
    const queued = await queueArticleSend(handle.db, article, rows[0]!.id, new Date());
    const seconds = (performance.now() - started) / 1000;
    if (queued?.recipients !== subscribers) {
      throw new Error(`The send was queued to ${queued?.recipients} readers, not ${subscribers}`);
    }
    return seconds;
  } finally {
    await handle.close();
  }
}

function saveResult(result: object): string {
  const dir = path.join('bench', 'results');
  mkdirSync(dir, { recursive: true });
  const name = smoke
    ? 'smoke-newsletter.json'
    : `${new Date().toISOString().slice(0, 10)}-newsletter.json`;
  const file = path.join(dir, name);
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), ...result }, null, 2)}\n`,
  );
  return file;
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
