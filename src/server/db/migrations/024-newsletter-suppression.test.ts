import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { tableColumns } from '#server/test/schema-columns';
import { down, up } from './024-newsletter-suppression.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('migration 024', () => {
  it('goes back and comes again, keeping every subscriber and send', async () => {
    const db = t.app.database.db;
    const untyped = db as unknown as Kysely<unknown>;
    const now = new Date().toISOString();
    await db
      .insertInto('newsletterSubscriber')
      .values({ email: 'kept@example.com', status: 'confirmed', createdAt: now, updatedAt: now })
      .execute();
    expect(await tableColumns(untyped, 'newsletter_subscriber')).toEqual(
      expect.arrayContaining(['suppressed_at', 'suppressed_reason']),
    );

    await down(untyped);
    expect(await tableColumns(untyped, 'newsletter_subscriber')).not.toContain('suppressed_at');
    expect(await tableColumns(untyped, 'newsletter_send')).not.toContain('complaints');

    await up(untyped);
    expect(await tableColumns(untyped, 'newsletter_send')).toContain('complaints');
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
