import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '#server/config';
import { openDatabase, type DatabaseHandle, type OpenOptions } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';

/** Which engine this test run uses: the Vitest project sets TEST_DIALECT. */
export const testDialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  config: DatabaseConfig;
  handle: DatabaseHandle;
  /** A scratch folder for this database's files (uploads, secrets). */
  dataDir: string;
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a new SQLite file in a temporary folder, or a
 * new schema in the PostgreSQL database at TEST_DATABASE_URL, dropped afterwards.
 */
export async function createTestDatabase(options: OpenOptions = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tribune-test-'));
  if (testDialect === 'sqlite') {
    const config: DatabaseConfig = { dialect: 'sqlite', file: path.join(dataDir, 'test.db') };
    const handle = openDatabase(config, options);
    await migrateToLatest(handle.db);
    return {
      config,
      handle,
      dataDir,
      cleanup: async () => {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const config: DatabaseConfig = { dialect: 'postgres', url: url.toString() };
  const handle = openDatabase(config, options);
  await migrateToLatest(handle.db);
  return {
    config,
    handle,
    dataDir,
    cleanup: async () => {
      await handle.close();
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
