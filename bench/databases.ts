import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../src/server/config.js';
import type { Engine } from './options.js';

/** A throw-away database for one run, and the folder the server keeps its files in. */
export interface BenchDatabase {
  config: DatabaseConfig;
  /** What the server is given as DATABASE_URL. */
  url: string;
  dataDir: string;
  sizeBytes(): Promise<number>;
  drop(): Promise<void>;
}

/**
 * SQLite: a new file in a temporary folder. PostgreSQL: a new database beside the one in
 * `postgresUrl`, so that one stays untouched and usable; dropped afterwards.
 */
export async function createBenchDatabase(
  engine: Engine,
  postgresUrl?: string,
): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tribune-bench-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'sqlite') {
    const file = path.join(dataDir, 'tribune.db');
    return {
      config: { dialect: 'sqlite', file },
      url: `file:${file}`,
      dataDir,
      // The write-ahead log is part of the database until it is checkpointed.
      sizeBytes: async () => fileSize(file) + fileSize(`${file}-wal`),
      drop: async () => removeDir(),
    };
  }

  if (!postgresUrl) throw new Error('PostgreSQL needs a server URL');
  const name = `tribune_bench_${randomBytes(4).toString('hex')}`;
  await onServer(postgresUrl, `CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    config: { dialect: 'postgres', url: url.toString() },
    url: url.toString(),
    dataDir,
    sizeBytes: async () => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ size: string }>(
          'SELECT pg_database_size($1) AS size',
          [name],
        );
        return Number(rows[0]?.size ?? 0);
      } finally {
        await client.end();
      }
    },
    drop: async () => {
      await onServer(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      removeDir();
    },
  };
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
