import { prepareDatabase } from '#server/boot';
import { configFromEnvironment } from '#server/config';

/** `npm run db:seed`: migrates, then adds the demo content if the database is empty. */
const config = configFromEnvironment();
if (!config.seedDemo) {
  console.log('Demo content is off (NODE_ENV=production without SEED_DEMO=true): nothing to do.');
} else {
  const { database, seeded } = await prepareDatabase(config);
  await database.close();
  console.log(
    seeded ? 'Demo content created.' : 'The database already has content: nothing changed.',
  );
}
