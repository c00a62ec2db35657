import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database';
import { fromSource } from '#server/test/processes';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tribune-make-admin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(script: string, ...args: string[]) {
  return spawnSync(process.execPath, [...fromSource, `src/server/cli/${script}.ts`, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}

describe('npm run make-admin', () => {
  it('promotes an existing user and says so', async () => {
    expect(run('seed').status).toBe(0);
    const result = run('make-admin', 'Reader@Example.com');
    expect(result.stdout.trim()).toBe('Reader@Example.com is an admin now.');
    expect(result.status).toBe(0);
    const database = openDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'tribune.db') });
    const row = await database.db
      .selectFrom('user')
      .select('isAdmin')
      .where('email', '=', 'reader@example.com')
      .executeTakeFirstOrThrow();
    await database.close();
    expect(Boolean(row.isAdmin)).toBe(true);
  });

  it('fails clearly for an unknown email or none', () => {
    const unknown = run('make-admin', 'nobody@example.com');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account has the email nobody@example.com');
    const missing = run('make-admin');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('Usage: npm run make-admin -- someone@example.com');
  });

  it('db:seed on a database with content changes nothing', () => {
    const again = run('seed');
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('The database already has content: nothing changed.');
  });
});
