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
  IMAGE_STORE: z.enum(['local', 's3', 'imgbb'], { error: 'local, s3 or imgbb' }).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ error: 'an absolute URL such as https://s3.example.com' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url({ error: 'the public base URL of the bucket' }).optional(),
  S3_FORCE_PATH_STYLE: z.stringbool({ error: 'true or false' }).default(false),
  IMGBB_API_KEY: z.string().min(1).optional(),
  IMGBB_UPLOAD_URL: z.url().default('https://api.imgbb.com/1/upload'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  // Google's OpenID Connect discovery document; another issuer here is for tests and staging.
  GOOGLE_DISCOVERY_URL: z
    .url({ error: 'the URL of an OpenID Connect discovery document' })
    .default('https://accounts.google.com/.well-known/openid-configuration'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  // Where the Stripe SDK sends its calls; another address here is for tests and staging.
  STRIPE_API_URL: z.url({ error: 'an absolute URL such as https://api.stripe.com' }).optional(),
  DEMO_PAYMENTS: z.stringbool({ error: 'true or false' }).optional(),
});

/** Where uploaded images go (see src/server/images). */
export type ImageStoreConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint?: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      publicUrl: string;
      forcePathStyle: boolean;
    }
  | { kind: 'imgbb'; apiKey: string; uploadUrl: string };

/** Who takes card payments (see src/server/payments). */
export type PaymentsConfig =
  | { kind: 'demo' }
  | {
      kind: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      apiUrl?: string;
    };

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
  images: ImageStoreConfig;
  payments: PaymentsConfig;
  /** Google sign-in, when both the client id and secret are set. */
  google?: { clientId: string; clientSecret: string; discoveryUrl: string };
  /** Folder of the built web app; absent in API-only tests. */
  webDir?: string;
  /** How often expired counters and unused images are swept (ms); a minute unless set (tests). */
  sweepIntervalMs?: number;
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
    images: imageStoreConfig(e),
    payments: paymentsConfig(e),
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            discoveryUrl: e.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
  };
}

type Env = z.infer<typeof envSchema>;

/** IMAGE_STORE picks the store; without it, imgbb when its key is set, else S3 when a bucket is. */
function imageStoreConfig(e: Env): ImageStoreConfig {
  const kind = e.IMAGE_STORE ?? (e.IMGBB_API_KEY ? 'imgbb' : e.S3_BUCKET ? 's3' : 'local');
  if (kind === 'imgbb') {
    if (!e.IMGBB_API_KEY) throw new ConfigError('IMGBB_API_KEY must be set when IMAGE_STORE=imgbb');
    return { kind, apiKey: e.IMGBB_API_KEY, uploadUrl: e.IMGBB_UPLOAD_URL };
  }
  if (kind === 's3') {
    if (!e.S3_BUCKET) throw new ConfigError('S3_BUCKET must be set when IMAGE_STORE=s3');
    const publicUrl =
      e.S3_PUBLIC_URL ??
      (e.S3_ENDPOINT
        ? `${e.S3_ENDPOINT.replace(/\/$/, '')}/${e.S3_BUCKET}`
        : `https://${e.S3_BUCKET}.s3.${e.S3_REGION}.amazonaws.com`);
    return {
      kind,
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      publicUrl: publicUrl.replace(/\/$/, ''),
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    };
  }
  return { kind: 'local' };
}

const stripeVariables = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
] as const;

/**
 * Stripe when its three keys are set; otherwise the demo provider, which takes no real money and
 * so runs in production only when DEMO_PAYMENTS=true says that is meant.
 */
function paymentsConfig(e: Env): PaymentsConfig {
  const missing = stripeVariables.filter((name) => !e[name]);
  if (missing.length === 0) {
    return {
      kind: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY ?? '',
      publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? '',
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
      apiUrl: e.STRIPE_API_URL,
    };
  }
  if (missing.length < stripeVariables.length) {
    throw new ConfigError(`${missing.join(', ')} must be set too, to take payments with Stripe`);
  }
  if (e.NODE_ENV === 'production' && e.DEMO_PAYMENTS !== true) {
    throw new ConfigError(
      'Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take payments ' +
        'when NODE_ENV=production, or DEMO_PAYMENTS=true to run the demo provider (no real charges)',
    );
  }
  return { kind: 'demo' };
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
