import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoContent } from './db/seed/index.js';
import { loadEnvFile } from './env-file.js';
import { createImageStore } from './images/create-store.js';

/** Reads the configuration, or prints one clear line per problem and exits. */
export function configFromEnvironment(): AppConfig {
  loadEnvFile();
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * Opens the database and brings it up to date: migrations always, demo content when the
 * configuration asks for it and the database is empty. The seed runs in one transaction, so an
 * interrupted start leaves an empty database that the next start seeds again.
 */
export async function prepareDatabase(
  config: AppConfig,
): Promise<{ database: DatabaseHandle; seeded: boolean }> {
  const database = openDatabase(config.database, { timeQueries: config.serverTiming });
  try {
    await migrateToLatest(database.db);
    const seeded = config.seedDemo
      ? (await seedDemoContent(database.db, createImageStore(config))).seeded
      : false;
    return { database, seeded };
  } catch (err) {
    await database.close();
    throw err;
  }
}
