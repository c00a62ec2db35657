import type { Db } from '../db/database.js';
import type { Publisher } from '../../shared/publisher.js';

/** All publishers, alphabetically: a short list the home page and the article form show. */
export async function listPublishers(db: Db): Promise<Publisher[]> {
  const rows = await db
    .selectFrom('publisher')
    .select(['id', 'name', 'logo'])
    .orderBy('name')
    .execute();
  return rows.map((row) => ({ _id: String(row.id), publisher: row.name, publisherLogo: row.logo }));
}
