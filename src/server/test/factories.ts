import type { Db } from '../db/database.js';

let counter = 0;

/** Inserts a publisher; every field can be overridden. */
export async function createPublisher(db: Db, overrides: { name?: string; logo?: string } = {}) {
  counter += 1;
  const row = await db
    .insertInto('publisher')
    .values({
      name: overrides.name ?? `Test Publisher ${counter}`,
      logo: overrides.logo ?? `/uploads/logo-${counter}.webp`,
      createdAt: new Date().toISOString(),
    })
    .returning(['id', 'name', 'logo'])
    .executeTakeFirstOrThrow();
  return row;
}
