import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '#server/app';
import type { Clock } from '#server/clock';
import type { AppConfig } from '#server/config';
import type { Pages } from '#server/pages/serve';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * The real server on a fresh database of this run's engine, driven with app.inject(). It renders
 * pages only when given them (test/pages.ts): other tests have no built app to serve.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: { clock?: Clock; pages?: Pages; logStream?: AppDependencies['logStream'] } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ timeQueries: overrides.serverTiming });
  const config: AppConfig = {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://localhost:3000',
    dataDir: database.dataDir,
    database: database.config,
    authSecret: 'test-secret-that-is-long-enough-0123456789',
    seedDemo: false,
    shutdownDrainMs: 0,
    logLevel: 'silent',
    trustProxy: false,
    serverTiming: false,
    images: { kind: 'local' },
    payments: { kind: 'demo' },
    mail: {
      kind: 'outbox',
      dir: path.join(database.dataDir, 'outbox'),
      from: 'Tribune <no-reply@localhost>',
    },
    corsOrigins: [],
    // The paywall as it was before the meter, which most tests expect; the meter's tests set theirs.
    meter: { guest: 0, registered: 0 },
    ...overrides,
  };
  const app = await buildApp(config, {
    database: database.handle,
    clock: options.clock,
    pages: options.pages,
    logStream: options.logStream,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      // Closing the app closes the database handle too.
      await app.close();
      await database.cleanup().catch(() => undefined);
    },
  };
}

/**
 * Resolves once no change has been announced for `quietMs`: on PostgreSQL the notice of a write
 * arrives a moment after it, and an answer kept before it arrives is dropped when it does.
 */
export async function changesHeard(app: FastifyInstance, quietMs = 200): Promise<void> {
  let last = app.publicChanges.current().generation;
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const now = app.publicChanges.current().generation;
    if (now !== last) [last, quietSince] = [now, Date.now()];
  }
}
