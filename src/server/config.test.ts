import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countryDatabaseFile } from '#server/test/mmdb';
import { ConfigError, loadConfig } from './config.js';

/** The data folders made here, removed when the file's tests are done. */
const made: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tribune-config-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** The message loadConfig refuses these variables with. */
function errorOf(env: Record<string, string>): string {
  try {
    loadConfig({ ...env, DATA_DIR: dataDir() });
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  throw new Error('the configuration was accepted');
}

describe('loadConfig', () => {
  it('has working defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.join(dir, 'tribune.db') });
    expect(config.seedDemo).toBe(true);
  });

  it('names a bad PORT and what it expects', () => {
    expect(() => loadConfig({ PORT: 'abc', DATA_DIR: dataDir() })).toThrow(
      new ConfigError('PORT must be a port number between 1 and 65535 (got "abc")'),
    );
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: '70000', PUBLIC_URL: 'nope', DATA_DIR: dataDir() });
      expect.unreachable();
    } catch (err) {
      expect(String(err)).toMatch(/PORT must be/);
      expect(String(err)).toMatch(/PUBLIC_URL must be an absolute URL/);
    }
  });

  it('never shows a secret it refuses: it names the variable and the rule', () => {
    const secret = 'hunter2-too-short';
    const message = errorOf({ BETTER_AUTH_SECRET: secret });
    expect(message).toBe(
      'BETTER_AUTH_SECRET must be a random secret of at least 32 characters ' +
        `(got ${secret.length} characters, not shown)`,
    );
  });

  it('never shows the user or password of an address it refuses', () => {
    const message = errorOf({ DATABASE_URL: 'mysql://admin:pa55w0rd@db.example.com/news' });
    expect(message).toBe(
      'DATABASE_URL must be a postgres:// URL, or file:PATH for SQLite ' +
        '(got a mysql: address, not shown)',
    );
    // Without a scheme there is nothing safe to show: `admin:` would be the user name.
    const bare = errorOf({ DATABASE_URL: 'admin:pa55w0rd@db.example.com/news' });
    expect(bare).toMatch(/^DATABASE_URL must be .* \(got a value that is not shown\)$/);
    expect(bare).not.toMatch(/admin|pa55w0rd/);
  });

  it('shows no part of any refused address or key, whichever variable holds it', () => {
    const leaked = 'pa55w0rd';
    const addresses = [
      'PUBLIC_URL',
      'S3_ENDPOINT',
      'S3_PUBLIC_URL',
      'IMGBB_UPLOAD_URL',
      'GOOGLE_DISCOVERY_URL',
      'STRIPE_API_URL',
    ];
    for (const name of addresses) {
      // Missing the colon after the scheme: not a URL, and the password is in it.
      const message = errorOf({ [name]: `https//admin:${leaked}@example.com` });
      expect(message, name).toMatch(new RegExp(`^${name} must be `));
      expect(message, name).not.toMatch(/admin|pa55w0rd/);
    }
    const all = errorOf({
      BETTER_AUTH_SECRET: leaked,
      DATABASE_URL: `mysql://admin:${leaked}@db.example.com/news`,
      PUBLIC_URL: `ftp//admin:${leaked}@example.com`,
      PORT: 'abc',
    });
    expect(all).toMatch(/BETTER_AUTH_SECRET must be/);
    expect(all).toMatch(/DATABASE_URL must be/);
    expect(all).toMatch(/PUBLIC_URL must be/);
    expect(all).toMatch(/PORT must be .* \(got "abc"\)/);
    expect(all).not.toContain(leaked);
  });

  it('reads CORS_ORIGINS as a list of origins, none by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).corsOrigins).toEqual([]);
    expect(
      loadConfig({
        CORS_ORIGINS:
          ' https://admin.example.com, http://localhost:5173/ ,https://A.example.com:443',
        DATA_DIR: dataDir(),
      }).corsOrigins,
    ).toEqual(['https://admin.example.com', 'http://localhost:5173', 'https://a.example.com']);
  });

  it('refuses a CORS_ORIGINS entry that is not an origin, and shows no part of it', () => {
    for (const bad of [
      '*',
      'https://admin.example.com/path',
      'https://admin.example.com?x=1',
      'ftp://admin.example.com',
      'admin.example.com',
      'https://admin:pa55w0rd@admin.example.com',
      'https://ok.example.com,nope',
    ]) {
      const message = errorOf({ CORS_ORIGINS: bad });
      expect(message, bad).toMatch(/^CORS_ORIGINS must be a comma-separated list of origins/);
      expect(message, bad).not.toContain('pa55w0rd');
    }
    expect(errorOf({ CORS_ORIGINS: 'https://ok.example.com, nope' })).toMatch(
      /\(entry 2 is not one\)$/,
    );
  });

  it('runs one server process unless WEB_CONCURRENCY says how many, or auto for every core', () => {
    const workers = (value?: string) =>
      loadConfig({
        DATA_DIR: dataDir(),
        ...(value === undefined ? {} : { WEB_CONCURRENCY: value }),
      }).workers;
    expect(workers()).toBe(1);
    expect(workers('4')).toBe(4);
    expect(workers('auto')).toBe(os.availableParallelism());
    for (const bad of ['0', '-2', '2.5', 'two', '', '257']) {
      expect(errorOf({ WEB_CONCURRENCY: bad })).toBe(
        `WEB_CONCURRENCY must be a number of workers from 1 to 256, or auto for one per core (got "${bad}")`,
      );
    }
  });

  it('meters two premium articles a month for guests and five for free readers unless told', () => {
    const meter = (env: Record<string, string> = {}) =>
      loadConfig({ DATA_DIR: dataDir(), ...env }).meter;
    expect(meter()).toEqual({ guest: 2, registered: 5 });
    expect(meter({ METER_GUEST_FREE: '0', METER_REGISTERED_FREE: '10' })).toEqual({
      guest: 0,
      registered: 10,
    });
    for (const bad of ['-1', '2.5', 'two', '1001']) {
      expect(errorOf({ METER_GUEST_FREE: bad })).toBe(
        `METER_GUEST_FREE must be a number of articles a month from 0 to 1000 (got "${bad}")`,
      );
      expect(errorOf({ METER_REGISTERED_FREE: bad })).toMatch(/^METER_REGISTERED_FREE must be/);
    }
  });

  it('lets a premium reader send ten gift links a month unless told', () => {
    const gifts = (env: Record<string, string> = {}) =>
      loadConfig({ DATA_DIR: dataDir(), ...env }).giftsPerMonth;
    expect(gifts()).toBe(10);
    expect(gifts({ GIFTS_PER_MONTH: '0' })).toBe(0);
    expect(gifts({ GIFTS_PER_MONTH: '1000' })).toBe(1000);
    for (const bad of ['-1', '2.5', 'ten', '1001']) {
      expect(errorOf({ GIFTS_PER_MONTH: bad })).toBe(
        `GIFTS_PER_MONTH must be a number of gift links a month from 0 to 1000 (got "${bad}")`,
      );
    }
  });

  it('lets shared caches keep pages 60 seconds unless told, and posts purges only when told where', () => {
    const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(load()).toMatchObject({ pageCacheSeconds: 60, cdnPurge: undefined });
    expect(load({ PAGE_CACHE_SECONDS: '0' }).pageCacheSeconds).toBe(0);
    expect(
      load({ CDN_PURGE_URL: 'https://purge.example.com/hook', CDN_PURGE_TOKEN: 't0ken' }).cdnPurge,
    ).toEqual({ url: 'https://purge.example.com/hook', token: 't0ken' });
    for (const bad of ['-1', '1.5', 'a minute', '86401']) {
      expect(errorOf({ PAGE_CACHE_SECONDS: bad })).toBe(
        `PAGE_CACHE_SECONDS must be a number of seconds from 0 to 86400 (got "${bad}")`,
      );
    }
    // An address may carry a secret: only its scheme is shown.
    expect(errorOf({ CDN_PURGE_URL: 'ftp://user:secret@purge.example.com/' })).toBe(
      'CDN_PURGE_URL must be an absolute http(s) URL (got a ftp: address, not shown)',
    );
  });

  it('uses PostgreSQL for a postgres URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/news', DATA_DIR: dataDir() });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://u@db:5432/news' });
  });

  it('refuses an unknown database URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', DATA_DIR: dataDir() })).toThrow(
      /DATABASE_URL/,
    );
  });

  it('requires the auth secret in production and creates no demo content there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(
      /BETTER_AUTH_SECRET/,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: 'x'.repeat(32),
      DEMO_PAYMENTS: 'true',
      DATA_DIR: dataDir(),
    });
    expect(config.seedDemo).toBe(false);
    const demo = loadConfig({
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: 'x'.repeat(32),
      DEMO_PAYMENTS: 'true',
      SEED_DEMO: 'true',
      DATA_DIR: dataDir(),
    });
    expect(demo.seedDemo).toBe(true);
  });

  it('takes demo payments by default, and in production only when told to', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).payments).toEqual({ kind: 'demo' });
    const production = { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig({ ...production, DATA_DIR: dataDir() })).toThrow(
      /STRIPE_SECRET_KEY.*DEMO_PAYMENTS=true/,
    );
    expect(
      loadConfig({ ...production, DEMO_PAYMENTS: 'true', DATA_DIR: dataDir() }).payments,
    ).toEqual({ kind: 'demo' });
  });

  it('takes Stripe payments when all three keys are set, and names any missing one', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    };
    expect(
      loadConfig({
        ...keys,
        NODE_ENV: 'production',
        BETTER_AUTH_SECRET: 'x'.repeat(32),
        DATA_DIR: dataDir(),
      }).payments,
    ).toEqual({
      kind: 'stripe',
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: 'whsec_1',
      apiUrl: undefined,
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', DATA_DIR: dataDir() })).toThrow(
      'STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET must be set too',
    );
  });

  it('generates a development secret once and keeps it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
  });

  it('signs mail with DKIM when its three settings are set, from a PEM or a file, and names any missing one', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const keyFile = path.join(dataDir(), 'dkim.pem');
    writeFileSync(keyFile, pem);
    const dkim = { DKIM_SELECTOR: 'mail2026', DKIM_DOMAIN: 'news.example.com' };
    const expected = { domainName: 'news.example.com', keySelector: 'mail2026', privateKey: pem };
    // A PEM in one line, as an environment file holds it, or the path of a file.
    const oneLine = pem.replaceAll('\n', '\\n');
    for (const key of [oneLine, keyFile]) {
      expect(loadConfig({ ...dkim, DKIM_PRIVATE_KEY: key, DATA_DIR: dataDir() }).mail.dkim).toEqual(
        expected,
      );
    }
    expect(loadConfig({ DATA_DIR: dataDir() }).mail.dkim).toBeUndefined();
    expect(errorOf({ DKIM_SELECTOR: 'mail2026' })).toBe(
      'DKIM_PRIVATE_KEY, DKIM_DOMAIN: needed with the other DKIM_ settings',
    );
    const missingFile = errorOf({ ...dkim, DKIM_PRIVATE_KEY: '/no/such/key.pem' });
    expect(missingFile).toContain('DKIM_PRIVATE_KEY');
    expect(missingFile).not.toContain('/no/such');
  });

  it('opens GEOIP_DATABASE at start, and refuses a missing or unreadable one by name', () => {
    const file = countryDatabaseFile(dataDir(), { '203.0.113.0/24': 'NZ' });
    expect(loadConfig({ DATA_DIR: dataDir(), GEOIP_DATABASE: file }).geoipDatabase).toBe(file);
    expect(loadConfig({ DATA_DIR: dataDir() }).geoipDatabase).toBeUndefined();
    expect(errorOf({ GEOIP_DATABASE: '/no/such/countries.mmdb' })).toMatch(
      /^GEOIP_DATABASE: cannot open \/no\/such\/countries\.mmdb as a MaxMind country or city database/,
    );
    const notOne = path.join(dataDir(), 'countries.mmdb');
    writeFileSync(notOne, 'not a database');
    expect(errorOf({ GEOIP_DATABASE: notOne })).toMatch(
      /^GEOIP_DATABASE: cannot open .* \(\.mmdb\)/,
    );
  });
});
