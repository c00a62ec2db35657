import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sweepBatchSize } from '#server/jobs/batches';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp } from '#server/test/auth';
import { createArticle } from '#server/test/factories';
import { attemptKey, consumeAttempt } from './attempts.js';
import { authRateLimitWindowSeconds } from '#server/auth/auth';

let t: TestApp;
beforeAll(async () => {
  // The sweeper runs every 25 ms here, so the tests can wait for it.
  t = await createTestApp({ sweepIntervalMs: 25 });
});
afterAll(() => t.close());

const db = () => t.database.handle.db;

const signInRequest = (email: unknown, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: 'Wrong123' },
    remoteAddress: ip,
  });

/** The bytes of every key held by both counter tables. */
async function storedKeyBytes(): Promise<number> {
  const row = await sql<{ bytes: number | null }>`
    select (select coalesce(sum(length(key)), 0) from attempt)
         + (select coalesce(sum(length(key)), 0) from rate_limit) as bytes
  `.execute(db());
  return Number(row.rows[0]?.bytes ?? 0);
}

const countRows = async (table: 'attempt' | 'rateLimit') =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('sign-in emails are checked before anything is counted', () => {
  it('refuses an email that is not one, or is longer than an email can be, with 400', async () => {
    const huge = `${'a'.repeat(190 * 1024)}@example.com`;
    const tooLong = `${'a'.repeat(250)}@example.com`;
    const cases: [unknown, string][] = [
      [huge, 'Not a valid email'],
      [tooLong, 'Not a valid email'],
      ['not-an-email', 'Not a valid email'],
      ['', 'Email Address is required'],
      [{ nested: 'x@example.com' }, 'Email Address is required'],
      [['x@example.com'], 'Email Address is required'],
    ];
    const before = await countRows('attempt');
    for (const [index, [email, message]] of cases.entries()) {
      const res = await signInRequest(email, `10.20.0.${index}`);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ error: 'bad_request', message });
    }
    expect(await countRows('attempt')).toBe(before);
  });

  it('stores a bounded key whatever was sent: five 190 KB emails add a few hundred bytes', async () => {
    const before = await storedKeyBytes();
    for (let i = 0; i < 5; i += 1) {
      const res = await signInRequest(`${String(i).repeat(190 * 1024)}@example.com`, '10.21.0.1');
      expect(res.statusCode).toBe(400);
    }
    // One better-auth counter for the address, nothing else.
    expect((await storedKeyBytes()) - before).toBeLessThan(100);
  });

  it('keys the longest valid emails by their hash', async () => {
    const emails = Array.from({ length: 8 }, (_, i) => `${String(i).repeat(240)}@example.com`);
    const before = await storedKeyBytes();
    for (const email of emails)
      expect((await signInRequest(email, '10.22.0.1')).statusCode).toBe(401);
    const keys = await db()
      .selectFrom('attempt')
      .select('key')
      .where(
        'key',
        'in',
        emails.map((email) => attemptKey('sign-in', email)),
      )
      .execute();
    expect(keys).toHaveLength(emails.length);
    for (const { key } of keys) expect(key).toMatch(/^sign-in:[\w-]{43}$/);
    // Eight keys of 51 bytes and one better-auth counter, not eight 252-byte emails.
    expect((await storedKeyBytes()) - before).toBeLessThan(8 * 51 + 100);
  });

  it('counts an email in any case against the same account', async () => {
    const account = await signUp(t.app);
    await signInRequest(account.user.email.toUpperCase(), '10.23.0.1');
    const row = await db()
      .selectFrom('attempt')
      .select('count')
      .where('key', '=', attemptKey('sign-in', account.user.email.toLowerCase()))
      .executeTakeFirst();
    expect(row?.count).toBe(1);
  });
});

describe('article views', () => {
  it('are counted under a hash of the address and the article', async () => {
    const author = await signUp(t.app);
    const { id } = await createArticle(db(), author.user.id);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/articledetail/${id}`,
      remoteAddress: '192.0.2.44',
    });
    expect(res.statusCode).toBe(200);
    await t.app.articleViews.flush(Date.now());
    const row = await db()
      .selectFrom('attempt')
      .select(['key', 'count'])
      .where('key', '=', attemptKey('view', `192.0.2.44 ${id}`))
      .executeTakeFirst();
    expect(row).toEqual({ key: expect.stringMatching(/^view:[\w-]{43}$/), count: 1 });
  });
});

describe('the sweeper', () => {
  it('deletes expired counters in batches, and only those, on its timer', async () => {
    const now = Date.now();
    const expired = sweepBatchSize * 2 + 500;
    // Our counters: windows that ended a moment ago, and ones still running.
    for (let start = 0; start < expired; start += 500) {
      await db()
        .insertInto('attempt')
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            key: attemptKey('test-expired', String(start + i)),
            count: 3,
            windowStart: now - 60_000,
            expiresAt: now - 1,
          })),
        )
        .execute();
    }
    for (let i = 0; i < 3; i += 1) {
      await consumeAttempt(db(), 'test-live', String(i), { max: 5, windowSeconds: 60 });
    }
    // better-auth's counters: older than its longest window, and fresh.
    await db()
      .insertInto('rateLimit')
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          id: `old-${i}`,
          key: `203.0.113.${i}|/get-session`,
          count: 1,
          lastRequest: now - authRateLimitWindowSeconds * 1000 - 1000,
        })),
      )
      .execute();
    await db()
      .insertInto('rateLimit')
      .values({ id: 'fresh', key: '203.0.113.200|/get-session', count: 1, lastRequest: now })
      .execute();

    await vi.waitFor(
      async () => {
        const left = await db()
          .selectFrom('attempt')
          .select('key')
          .where('key', 'like', 'test-expired:%')
          .limit(1)
          .execute();
        expect(left).toHaveLength(0);
        const oldAuth = await db()
          .selectFrom('rateLimit')
          .select('id')
          .where('id', 'like', 'old-%')
          .execute();
        expect(oldAuth).toHaveLength(0);
      },
      { timeout: 10_000, interval: 50 },
    );
    const live = await db()
      .selectFrom('attempt')
      .select('key')
      .where('key', 'like', 'test-live:%')
      .execute();
    expect(live).toHaveLength(3);
    const fresh = await db()
      .selectFrom('rateLimit')
      .select('id')
      .where('id', '=', 'fresh')
      .execute();
    expect(fresh).toHaveLength(1);
  });

  it('leaves a view counter until its minute is over, then sweeps it', async () => {
    const author = await signUp(t.app);
    const { id } = await createArticle(db(), author.user.id);
    const key = attemptKey('view', `192.0.2.45 ${id}`);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/articledetail/${id}`,
      remoteAddress: '192.0.2.45',
    });
    await t.app.articleViews.flush(Date.now());
    const row = () => db().selectFrom('attempt').select('key').where('key', '=', key).execute();
    expect(await row()).toHaveLength(1);
    // The minute passes.
    await db()
      .updateTable('attempt')
      .set({ expiresAt: Date.now() - 1 })
      .where('key', '=', key)
      .execute();
    await vi.waitFor(async () => expect(await row()).toHaveLength(0), { timeout: 5_000 });
  });
});
