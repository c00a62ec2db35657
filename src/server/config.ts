import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Everything the server reads from the environment, parsed and checked once at boot. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'a port number between 1 and 65535' })
    .int('a whole port number')
    .min(1, 'a port number between 1 and 65535')
    .max(65535, 'a port number between 1 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ error: 'an absolute URL such as https://news.example.com' }).optional(),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|file:|sqlite:)/, {
      error: 'a postgres:// URL, or file:PATH for SQLite',
    })
    .optional(),
  BETTER_AUTH_SECRET: z
    .string()
    .min(32, { error: 'a random secret of at least 32 characters' })
    .optional(),
  SEED_DEMO: z.stringbool({ error: 'true or false' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.stringbool({ error: 'true or false' }).default(false),
});

export type DatabaseConfig =
  { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  authSecret: string;
  /** Whether demo publishers, articles and accounts are created on an empty database. */
  seedDemo: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** Folder of the built web app; absent in API-only tests. */
  webDir?: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws a ConfigError whose message names every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) =>
        `${issue.path.join('.')} must be ${issue.message} (got "${String(env[String(issue.path[0])])}")`,
    );
    throw new ConfigError(lines.join('; '));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const authSecret = e.BETTER_AUTH_SECRET ?? developmentSecret(e.NODE_ENV, dataDir);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    database: databaseConfig(e.DATABASE_URL, dataDir),
    authSecret,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
  };
}

function databaseConfig(url: string | undefined, dataDir: string): DatabaseConfig {
  if (url && /^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', url };
  const file = url ? url.replace(/^(file|sqlite):(\/\/)?/, '') : path.join(dataDir, 'tribune.db');
  return { dialect: 'sqlite', file: path.resolve(file) };
}

/**
 * Production must be given a secret. In development one is generated on first start and kept
 * in DATA_DIR, so sessions survive restarts without any setup.
 */
function developmentSecret(env: string, dataDir: string): string {
  if (env === 'production') {
    throw new ConfigError(
      'BETTER_AUTH_SECRET must be set when NODE_ENV=production (a random secret of at least 32 characters)',
    );
  }
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
