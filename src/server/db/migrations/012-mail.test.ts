import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp } from '#server/test/auth';
import { toBool } from '#server/db/values';
import { down, up } from './012-mail.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('migration 012', () => {
  it('counts the accounts made before verification as verified, with notices on', async () => {
    const db = t.app.database.db;
    const untyped = db as unknown as Kysely<unknown>;
    await down(untyped);
    // An account as registration made them before 012: no link was ever mailed.
    const earlier = await signUp(t.app, { verified: false });
    await up(untyped);
    const row = await db
      .selectFrom('user')
      .select(['emailVerified', 'emailNotices'])
      .where('id', '=', earlier.user.id)
      .executeTakeFirstOrThrow();
    expect([toBool(row.emailVerified), toBool(row.emailNotices)]).toEqual([true, true]);
    // Accounts made from now on start unverified.
    const later = await signUp(t.app, { verified: false });
    const fresh = await db
      .selectFrom('user')
      .select('emailVerified')
      .where('id', '=', later.user.id)
      .executeTakeFirstOrThrow();
    expect(toBool(fresh.emailVerified)).toBe(false);
  });
});
