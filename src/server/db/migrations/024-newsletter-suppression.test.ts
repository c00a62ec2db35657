import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { down, up } from './024-newsletter-suppression.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each table's column names, as the engine lists them. */
async function columns(db: Kysely<unknown>, table: string): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables.find((found) => found.name === table)?.columns.map((c) => c.name) ?? [];
}

describe('migration 024', () => {
  it('goes back and comes again, keeping every subscriber and send', async () => {
    const db = t.app.database.db;
    const untyped = db as unknown as Kysely<unknown>;
    const now = new Date().toISOString();
    await db
      .insertInto('newsletterSubscriber')
      .values({ email: 'kept@example.com', status: 'confirmed', createdAt: now, updatedAt: now })
      .execute();
    expect(await columns(untyped, 'newsletter_subscriber')).toEqual(
      expect.arrayContaining(['suppressed_at', 'suppressed_reason']),
    );

    await down(untyped);
    expect(await columns(untyped, 'newsletter_subscriber')).not.toContain('suppressed_at');
    expect(await columns(untyped, 'newsletter_send')).not.toContain('complaints');

    await up(untyped);
    expect(await columns(untyped, 'newsletter_send')).toContain('complaints');
    const kept = await db
      .selectFrom('newsletterSubscriber')
      .select(['email', 'status', 'suppressedAt', 'suppressedReason'])
      .execute();
    expect(kept).toEqual([
      {
        email: 'kept@example.com',
        status: 'confirmed',
        suppressedAt: null,
        suppressedReason: null,
      },
    ]);
  });
});
