import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Lets a user's premium run out now, as if its minute had passed: the browser test cannot move
 * the server's clock, so it moves the stored expiry instead (the API tests move the clock). The
 * browser tests' server keeps its SQLite database in E2E_DATA_DIR (playwright.config.ts).
 */
export function expirePremium(email: string): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the browser tests with Playwright');
  const db = new Database(path.join(dataDir, 'tribune.db'));
  try {
    db.prepare('update "user" set premium_until = ? where email = ?').run(
      new Date(Date.now() - 1000).toISOString(),
      email,
    );
  } finally {
    db.close();
  }
}
