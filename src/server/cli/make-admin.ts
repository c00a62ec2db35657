import { configFromEnvironment } from '#server/config';
import { openDatabase } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { promoteToAdmin } from '#server/users/queries';

/** `npm run make-admin -- someone@example.com`: how the first real admin is made. */
const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run make-admin -- someone@example.com');
  process.exit(2);
}
const config = configFromEnvironment();
const database = openDatabase(config.database);
try {
  await migrateToLatest(database.db);
  if (await promoteToAdmin(database.db, email)) {
    console.log(`${email} is an admin now.`);
  } else {
    console.error(`No account has the email ${email}. Register it first, then run this again.`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
