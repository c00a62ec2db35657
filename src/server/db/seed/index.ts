import { PostgresAdapter, sql } from 'kysely';
import { hashPassword } from '#server/auth/password';
import type { ImageStore } from '#server/images/store';
import { recordVariants } from '#server/images/variants';
import type { Db } from '#server/db/database';
import { insertArticles, insertPeople, insertPublishers } from './insert.js';
import { createDemoMedia } from './media.js';
import { demoPassword } from './people.js';

export { demoAccounts, demoPassword } from './people.js';

/**
 * Fills an empty database with demo content that shows every state of the product: publishers,
 * the four demo accounts and staff writers, and articles that are published, premium, pending
 * and declined. Does nothing when any user or publisher exists. The images are drawn and stored
 * first; then every row goes in one transaction, so an interrupted seed leaves nothing behind
 * and the next start seeds again.
 */
export async function seedDemoContent(
  db: Db,
  images: ImageStore,
  now = new Date(),
): Promise<{ seeded: boolean }> {
  if (await hasContent(db)) return { seeded: false };
  const [media, passwordDigest] = await Promise.all([
    createDemoMedia(images),
    hashPassword(demoPassword),
  ]);
  const seeded = await db.transaction().execute(async (trx) => {
    await lockOutOtherSeeders(trx);
    // Another process may have seeded while the images were being drawn.
    if (await hasContent(trx)) return false;
    const publisherIds = await insertPublishers(trx, media.publishers, now);
    const authorIds = await insertPeople(trx, media, passwordDigest, now);
    await insertArticles(trx, media.articles, publisherIds, authorIds, now);
    for (const { image, size, variants } of [
      ...media.publishers.map(({ logo }) => logo),
      ...media.people.map(({ avatar }) => avatar),
      ...media.articles,
    ]) {
      await recordVariants(trx, image, size, variants);
    }
    return true;
  });
  return { seeded };
}

async function hasContent(db: Db): Promise<boolean> {
  const user = await db.selectFrom('user').select('id').limit(1).executeTakeFirst();
  const publisher = await db.selectFrom('publisher').select('id').limit(1).executeTakeFirst();
  return user !== undefined || publisher !== undefined;
}

/**
 * Several processes may start on one empty database at once. Each seeder first takes a lock
 * that the others wait for, so the first one seeds and the rest find its content and stop.
 * SQLite transactions already begin with the write lock (see sqlite-immediate-dialect.ts).
 */
async function lockOutOtherSeeders(trx: Db): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    // This mode conflicts with itself but not with readers.
    await sql`lock table ${sql.table('publisher')} in share row exclusive mode`.execute(trx);
  }
}
