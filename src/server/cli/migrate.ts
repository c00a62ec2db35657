import { waitingForOtherWriters } from '#server/boot';
import { configFromEnvironment } from '#server/config';
import { openDatabase } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';

/** `npm run db:migrate`: brings the configured database's schema up to date. */
const config = configFromEnvironment();
const database = openDatabase(config.database);
try {
  const applied = await waitingForOtherWriters(() => migrateToLatest(database.db));
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await database.close();
}
