import { waitingForOtherWriters } from '../boot.js';
import { configFromEnvironment } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

/** `npm run db:migrate`: brings the configured database's schema up to date. */
const config = configFromEnvironment();
const database = openDatabase(config.database);
try {
  const applied = await waitingForOtherWriters(() => migrateToLatest(database.db));
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await database.close();
}
