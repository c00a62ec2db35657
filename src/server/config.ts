import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { MeterAllowances } from '#shared/rules/meter';
import { loadEnvFile } from './env-file.js';
import { openCountryDatabase } from './analytics/countries.js';

const workersError = 'a number of workers from 1 to 256, or auto for one per core';

const meterError = 'a number of articles a month from 0 to 1000';
const giftsError = 'a number of gift links a month from 0 to 1000';
const meterAllowance = z.coerce
  .number({ error: meterError })
  .int(meterError)
  .min(0, meterError)
  .max(1000, meterError);

/** Everything the server reads from the environment, parsed and checked once at boot. */
/** How long shared caches may keep a guest's page unless PAGE_CACHE_SECONDS says otherwise. */
export const defaultPageCacheSeconds = 60;

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
  SERVER_TIMING: z.stringbool({ error: 'true or false' }).default(false),
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
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'an smtp:// or smtps:// address such as smtp://user:password@mail.example.com:587',
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .min(3)
    .max(200)
    .regex(/@/, { error: 'an address such as "Tribune <news@example.com>"' })
    .optional(),
  // Newsletter messages each server sends a second at most; 0 sends as fast as the mail server takes them.
  NEWSLETTER_RATE: z.coerce
    .number({ error: 'a number of messages a second from 0 to 10000' })
    .int('a whole number of messages a second from 0 to 10000')
    .min(0, 'a number of messages a second from 0 to 10000')
    .max(10_000, 'a number of messages a second from 0 to 10000')
    .default(100),
  // The hour of the day, in the site's time zone (TZ), at which the daily digest goes.
  NEWSLETTER_HOUR: z.coerce
    .number({ error: 'an hour from 0 to 23' })
    .int('an hour from 0 to 23')
    .min(0, 'an hour from 0 to 23')
    .max(23, 'an hour from 0 to 23')
    .default(18),
  // The shared secret that signs the mail service's bounces and complaints (POST
  // /api/newsletter/events); without it that route does not exist.
  NEWSLETTER_WEBHOOK_SECRET: z
    .string()
    .min(32, { error: 'a random secret of at least 32 characters' })
    .optional(),
  // How long a CDN or proxy cache in front may keep a page every guest gets alike (s-maxage);
  // 0 keeps shared caches out (docs/decisions/025-cdn-caching.md).
  PAGE_CACHE_SECONDS: z.coerce
    .number({ error: 'a number of seconds from 0 to 86400' })
    .int('a number of seconds from 0 to 86400')
    .min(0, 'a number of seconds from 0 to 86400')
    .max(86_400, 'a number of seconds from 0 to 86400')
    .default(defaultPageCacheSeconds),
  // Where the server POSTs the tags and addresses of pages a write changed, for the CDN or
  // proxy cache in front to purge (cache/purge-hook.ts), and the bearer token it sends.
  CDN_PURGE_URL: z.url({ protocol: /^https?$/, error: 'an absolute http(s) URL' }).optional(),
  CDN_PURGE_TOKEN: z.string().min(1).optional(),
  // Premium articles a month a guest, and a signed-in reader without premium, reads in full
  // (the reading meter, decision 023); 0 leaves them the paywall.
  METER_GUEST_FREE: meterAllowance.default(2),
  METER_REGISTERED_FREE: meterAllowance.default(5),
  // Gift links a premium reader may send a calendar month (decision 024); 0 turns them off.
  GIFTS_PER_MONTH: z.coerce
    .number({ error: giftsError })
    .int(giftsError)
    .min(0, giftsError)
    .max(1000, giftsError)
    .default(10),
  // A MaxMind-format country or city database (.mmdb): analytics events then record the
  // reader's country (decision 026).
  GEOIP_DATABASE: z.string().min(1).optional(),
  // The site's time zone: an IANA name such as Europe/London; any other value (a path, which
  // the C library also takes) leaves the server's own zone.
  TZ: z.string().optional(),
  // DKIM signing: the private key (PEM, or the path of a PEM file), its selector and domain.
  DKIM_PRIVATE_KEY: z.string().min(1).optional(),
  DKIM_SELECTOR: z
    .string()
    .regex(/^[\w.-]+$/, { error: 'a DNS label such as mail2026' })
    .optional(),
  DKIM_DOMAIN: z
    .string()
    .regex(/^[\w.-]+\.[a-z]{2,}$/i, { error: 'a domain such as example.com' })
    .optional(),
  // How long a SIGTERM drains keep-alive connections before the server closes (see http/drain.ts).
  SHUTDOWN_DRAIN_SECONDS: z.coerce
    .number({ error: 'a number of seconds from 0 to 300' })
    .min(0, 'a number of seconds from 0 to 300')
    .max(300, 'a number of seconds from 0 to 300')
    .default(10),
  // How many server processes `npm start` runs on this machine (see http/workers.ts).
  WEB_CONCURRENCY: z
    .string()
    .trim()
    .regex(/^(auto|[1-9][0-9]*)$/, { error: workersError })
    .transform((value) => (value === 'auto' ? os.availableParallelism() : Number(value)))
    .pipe(z.number().max(256, { error: workersError }))
    .default(1),
  // Other sites' origins that may call the API with the user's cookie (see http/cors.ts).
  CORS_ORIGINS: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item.length > 0),
    )
    .pipe(
      z.array(
        z
          .string()
          .refine(isOrigin, {
            error:
              'a comma-separated list of origins such as https://admin.example.com ' +
              '(http or https, a host and an optional port; no path, no *)',
          })
          // As browsers send it: `https://Admin.example.com:443/` is `https://admin.example.com`.
          .transform((item) => new URL(item).origin),
      ),
    )
    .default([]),
});

/** An origin: `http(s)://host[:port]`, with nothing after it but perhaps a slash. */
function isOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.username === '' &&
    url.password === '' &&
    url.pathname === '/' &&
    !value.includes('?') &&
    !value.includes('#')
  );
}

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

/**
 * How mail leaves (see src/server/mail): through an SMTP server, or into the local outbox, a
 * folder of .eml files, when no server is set.
 */
export type MailConfig = {
  from: string;
  /** DKIM signing of every message, with the domain's key (DKIM_*); unsigned when absent. */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
} & ({ kind: 'smtp'; url: string } | { kind: 'outbox'; dir: string });

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
  /** How log lines are written (logFormatFor); JSON unless set. */
  logFormat?: LogFormat;
  trustProxy: boolean;
  /** Server-Timing headers on every answer (http/server-timing.ts). */
  serverTiming: boolean;
  images: ImageStoreConfig;
  payments: PaymentsConfig;
  mail: MailConfig;
  /** Google sign-in, when both the client id and secret are set. */
  google?: { clientId: string; clientSecret: string; discoveryUrl: string };
  /** How long SIGTERM drains open connections before closing, in milliseconds. */
  shutdownDrainMs: number;
  /** Server processes `npm start` runs, sharing the port (WEB_CONCURRENCY); 1 by default. */
  workers?: number;
  /** Other sites' origins allowed credentialed cross-origin calls (CORS_ORIGINS); none by default. */
  corsOrigins: string[];
  /** Folder of the built web app; absent in API-only tests. */
  webDir?: string;
  /**
   * How often expired counters and unused images are swept, and SQLite's search index merged
   * (ms); a minute unless set (tests).
   */
  sweepIntervalMs?: number;
  /** How often each server looks for mail due to be sent (ms); 5 s unless set (tests). */
  mailIntervalMs?: number;
  /** Newsletter messages each server sends a second at most (NEWSLETTER_RATE); 0 for no limit;
   * 100 unless set. */
  newsletterRate?: number;
  /** The hour the daily digest goes, in `timeZone` (NEWSLETTER_HOUR); 18 unless set. */
  newsletterHour?: number;
  /** Signs the bounce and complaint webhook's calls (NEWSLETTER_WEBHOOK_SECRET); no route without. */
  newsletterWebhookSecret?: string;
  /**
   * Premium articles a month a guest and a signed-in reader without premium read in full
   * (METER_GUEST_FREE, METER_REGISTERED_FREE; src/server/meter); 0 is the paywall.
   */
  meter: MeterAllowances;
  /** Gift links a premium reader may send a calendar month (GIFTS_PER_MONTH); 10 unless set. */
  giftsPerMonth?: number;
  /** The country database analytics events are placed with (GEOIP_DATABASE); none unless set. */
  geoipDatabase?: string;
  /**
   * The site's time zone (TZ), for the digest's day and hour and the meter's months; the
   * server's own unless set.
   */
  timeZone?: string;
  /**
   * How long shared caches may keep a page every guest gets alike (PAGE_CACHE_SECONDS);
   * `defaultPageCacheSeconds` unless set; 0 keeps them out.
   */
  pageCacheSeconds?: number;
  /** Where page purges are posted (CDN_PURGE_URL, CDN_PURGE_TOKEN); none unless set. */
  cdnPurge?: { url: string; token?: string };
  /** How long the purge hook gathers changes before it posts them (ms); 250 unless set (tests). */
  purgeDelayMs?: number;
  /** How often each server sees whether the day's digest is due (ms); a minute unless set. */
  digestIntervalMs?: number;
  /** How often each server looks for premium access ending soon (ms); 15 min unless set. */
  reminderIntervalMs?: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Settings whose bad value an error line may show back: choices, numbers and names, never a
 * secret or an address. Any other variable's value stays out of the line (and so the logs).
 */
const shownVariables = new Set([
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATA_DIR',
  'SEED_DEMO',
  'LOG_LEVEL',
  'TRUST_PROXY',
  'SERVER_TIMING',
  'IMAGE_STORE',
  'S3_REGION',
  'S3_FORCE_PATH_STYLE',
  'DEMO_PAYMENTS',
  'WEB_CONCURRENCY',
  'MAIL_FROM',
  'NEWSLETTER_RATE',
  'NEWSLETTER_HOUR',
  'METER_GUEST_FREE',
  'METER_REGISTERED_FREE',
  'GIFTS_PER_MONTH',
  'PAGE_CACHE_SECONDS',
]);

/** Addresses: a URL may carry a user and password (`postgres://user:password@host/db`). */
const addressVariables = new Set([
  'PUBLIC_URL',
  'CDN_PURGE_URL',
  'DATABASE_URL',
  'S3_ENDPOINT',
  'S3_PUBLIC_URL',
  'IMGBB_UPLOAD_URL',
  'GOOGLE_DISCOVERY_URL',
  'STRIPE_API_URL',
  'SMTP_URL',
]);

/** What an error line says about the value it got: the value itself only when it is harmless. */
function describeGiven(name: string, value: string | undefined): string {
  if (value === undefined) return '';
  if (shownVariables.has(name)) return ` (got "${value}")`;
  if (addressVariables.has(name)) {
    // The scheme alone says enough ("mysql:" for a postgres:// setting) and holds no secret;
    // only a scheme followed by // is taken as one (in `user:password@host`, `user:` is not).
    const scheme = /^[a-z][a-z0-9+.-]*:(?=\/\/)/i.exec(value)?.[0];
    return scheme ? ` (got a ${scheme} address, not shown)` : ' (got a value that is not shown)';
  }
  return ` (got ${value.length} characters, not shown)`;
}

/**
 * `readable`: lines for a person (pino-pretty), requests at debug. `json`: one JSON object a
 * line, every request at info, for log collectors.
 */
export type LogFormat = 'readable' | 'json';

/**
 * Readable lines when standard output is a terminal outside production (`npm start`, `npm run
 * dev` at a prompt); JSON in production, and into a pipe or a file, which a program reads.
 */
export function logFormatFor(
  env: AppConfig['env'],
  stdoutIsTerminal: boolean | undefined,
): LogFormat {
  return stdoutIsTerminal === true && env !== 'production' ? 'readable' : 'json';
}

/** Parses the environment; throws a ConfigError whose message names every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      // A list's bad entry is pointed at by its place, not shown.
      const entry = issue.path[1];
      const given =
        typeof entry === 'number'
          ? ` (entry ${entry + 1} is not one)`
          : describeGiven(name, env[name]);
      return `${name} must be ${issue.message}${given}`;
    });
    throw new ConfigError(lines.join('; '));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const authSecret = e.BETTER_AUTH_SECRET ?? developmentSecret(e.NODE_ENV, dataDir);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    database: databaseConfig(e.DATABASE_URL, dataDir),
    authSecret,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    serverTiming: e.SERVER_TIMING,
    images: imageStoreConfig(e),
    payments: paymentsConfig(e),
    mail: mailConfig(e, dataDir, publicUrl),
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    newsletterRate: e.NEWSLETTER_RATE,
    newsletterHour: e.NEWSLETTER_HOUR,
    newsletterWebhookSecret: e.NEWSLETTER_WEBHOOK_SECRET,
    meter: { guest: e.METER_GUEST_FREE, registered: e.METER_REGISTERED_FREE },
    giftsPerMonth: e.GIFTS_PER_MONTH,
    geoipDatabase: e.GEOIP_DATABASE && countryDatabase(e.GEOIP_DATABASE),
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    cdnPurge: e.CDN_PURGE_URL ? { url: e.CDN_PURGE_URL, token: e.CDN_PURGE_TOKEN } : undefined,
    timeZone: e.TZ && isTimeZone(e.TZ) ? e.TZ : undefined,
    workers: e.WEB_CONCURRENCY,
    corsOrigins: e.CORS_ORIGINS,
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

/** SMTP_URL sends through that server; without it, messages are written to DATA_DIR/outbox. */
function mailConfig(e: Env, dataDir: string, publicUrl: string): MailConfig {
  const from = e.MAIL_FROM ?? `Tribune <no-reply@${new URL(publicUrl).hostname}>`;
  const dkim = dkimConfig(e);
  const common = { from, ...(dkim && { dkim }) };
  return e.SMTP_URL
    ? { kind: 'smtp', url: e.SMTP_URL, ...common }
    : { kind: 'outbox', dir: path.join(dataDir, 'outbox'), ...common };
}

const dkimVariables = ['DKIM_PRIVATE_KEY', 'DKIM_SELECTOR', 'DKIM_DOMAIN'] as const;

/** GEOIP_DATABASE's path, once it has opened as a country database; else a ConfigError. */
function countryDatabase(file: string): string {
  try {
    openCountryDatabase(file);
  } catch (err) {
    throw new ConfigError(
      `GEOIP_DATABASE: cannot open ${file} as a MaxMind country or city database (.mmdb): ` +
        (err instanceof Error ? err.message : String(err)),
    );
  }
  return path.resolve(file);
}

/** DKIM when its three variables are set; none of them, none; some, a ConfigError. */
function dkimConfig(e: Env): MailConfig['dkim'] {
  const missing = dkimVariables.filter((name) => !e[name]);
  if (missing.length === dkimVariables.length) return undefined;
  if (missing.length > 0) {
    throw new ConfigError(`${missing.join(', ')}: needed with the other DKIM_ settings`);
  }
  const key = e.DKIM_PRIVATE_KEY!;
  let privateKey = key.replace(/\\n/g, '\n');
  if (!privateKey.startsWith('-----BEGIN')) {
    try {
      privateKey = readFileSync(key, 'utf8');
    } catch {
      throw new ConfigError(
        'DKIM_PRIVATE_KEY: a PEM private key, or the path of a file holding one',
      );
    }
  }
  return { domainName: e.DKIM_DOMAIN!, keySelector: e.DKIM_SELECTOR!, privateKey };
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
  if (!existsSync(file)) {
    // Several servers may start on a new DATA_DIR at once. Each writes a secret to a file of its
    // own and links it to the shared name; a link is made whole or not at all, and only the
    // first succeeds, so every server reads the same complete secret.
    mkdirSync(dataDir, { recursive: true });
    const own = `${file}.${process.pid}`;
    writeFileSync(own, randomBytes(32).toString('base64url'), { mode: 0o600 });
    try {
      linkSync(own, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      rmSync(own, { force: true });
    }
  }
  return readFileSync(file, 'utf8').trim();
}

/** Reads the configuration, or prints one clear line per problem and exits. */
export function configFromEnvironment(): AppConfig {
  loadEnvFile();
  try {
    const config = loadConfig();
    config.logFormat = logFormatFor(config.env, process.stdout.isTTY);
    return config;
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

/** Whether `name` is a time zone this Node knows. */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
