import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { tempDir } from '#server/test/processes';

/** The engines a process test runs on: SQLite, and PostgreSQL when TEST_DATABASE_URL is set. */
export const engines = process.env.TEST_DATABASE_URL
  ? (['sqlite', 'postgres'] as const)
  : (['sqlite'] as const);

const schemas: string[] = [];

export async function withPostgres<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * The settings servers of one site share, as machines behind a load balancer: one database (a
 * SQLite file in a new folder, or a new PostgreSQL schema), one secret, one public address.
 */
export async function sharedSite(
  engine: 'sqlite' | 'postgres',
  publicUrl: string,
): Promise<Record<string, string>> {
  const env = {
    DATA_DIR: tempDir(),
    PUBLIC_URL: publicUrl,
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
  };
  if (engine === 'sqlite') return env;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await withPostgres((client) => client.query(`create schema ${schema}`));
  schemas.push(schema);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { ...env, DATABASE_URL: url.toString() };
}

/** Drops the PostgreSQL schemas `sharedSite` made (afterEach). */
export async function dropSharedSchemas(): Promise<void> {
  for (const schema of schemas.splice(0)) {
    await withPostgres((client) => client.query(`drop schema ${schema} cascade`));
  }
}
