// The built app (dist/) started on a fresh data folder with the demo content, for the scripts
// that look at it from outside the way a reader's browser does (Lighthouse, image bytes).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Starts `node dist/server/main.js` on `port` and answers its address and how to stop it. */
export async function startBuiltServer(port, name) {
  if (!existsSync('dist/server/main.js')) {
    console.error('Build first: npm run build');
    process.exit(1);
  }
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `tribune-${name}-`));
  const server = spawn('node', ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: `${name}-secret-that-is-long-enough-0123456789`,
      SEED_DEMO: 'true',
      DEMO_PAYMENTS: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`${base}/api/health`);
  return {
    base,
    dataDir,
    stop() {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first free article's page address on the demo site. */
export async function firstFreeArticle(base) {
  const response = await fetch(`${base}/api/articles?isApproved=true&isPremium=false&limit=1`);
  const articles = await response.json();
  return `/articles/${articles[0]._id}`;
}

async function waitFor(url) {
  for (let tries = 0; tries < 120; tries += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer`);
}
