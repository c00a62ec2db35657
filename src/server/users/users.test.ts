import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app, { name: 'Alice', email: 'alice@example.com' });
  bob = await signUp(t.app, { name: 'Bob', email: 'bob@example.com' });
  admin = await signUp(t.app, { name: 'Ada Admin', email: 'ada@example.com' });
  await makeAdmin(t.app, admin.user.id);
});
afterAll(() => t.close());

const getUser = (email: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/users?email=${encodeURIComponent(email)}`,
    headers: cookie ? { cookie } : {},
  });

describe('GET /api/users?email=', () => {
  it('refuses a guest with 401', async () => {
    const res = await getUser('alice@example.com');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized', message: 'Please log in first' });
  });

  it("answers one's own record with the spec's defaults", async () => {
    const res = await getUser('Alice@Example.com', alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: alice.user.id,
      name: 'Alice',
      email: 'alice@example.com',
      photoURL: '/uploads/test-photo.webp',
      photoSrcset: null,
      emailVerified: true,
      emailNotices: true,
      isAdmin: false,
      isPremium: false,
      premiumUntil: null,
      allowedFor: 1,
      publishedArticles: 0,
      subscriptionHistory: [],
    });
  });

  it("refuses someone else's record with 403", async () => {
    const res = await getUser('alice@example.com', bob.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden' });
  });

  it("gives an admin anyone's record", async () => {
    const res = await getUser('bob@example.com', admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'bob@example.com', isAdmin: false });
    const own = await getUser('ada@example.com', admin.cookie);
    expect(own.json()).toMatchObject({ isAdmin: true });
  });

  it('answers 404 to an admin asking for an unknown email', async () => {
    const res = await getUser('nobody@example.com', admin.cookie);
    expect(res.statusCode).toBe(404);
  });

  it('derives premium from the expiry and lists the subscription history', async () => {
    const now = Date.now();
    await t.database.handle.db
      .updateTable('user')
      .set({ premiumUntil: new Date(now + 60_000).toISOString() })
      .where('id', '=', bob.user.id)
      .execute();
    await t.database.handle.db
      .insertInto('subscription')
      .values({
        userId: bob.user.id,
        plan: '5-days',
        price: 1000,
        transactionId: 'txn_test_1',
        purchasedAt: new Date(now).toISOString(),
        expiresAt: new Date(now + 60_000).toISOString(),
      })
      .execute();
    const premium = (await getUser('bob@example.com', bob.cookie)).json();
    expect(premium.isPremium).toBe(true);
    expect(premium.subscriptionHistory).toEqual([
      {
        price: 10,
        transactionId: 'txn_test_1',
        date: new Date(now).toISOString(),
        expiredDate: new Date(now + 60_000).toISOString(),
      },
    ]);

    await t.database.handle.db
      .updateTable('user')
      .set({ premiumUntil: new Date(now - 1000).toISOString() })
      .where('id', '=', bob.user.id)
      .execute();
    expect((await getUser('bob@example.com', bob.cookie)).json().isPremium).toBe(false);
  });

  it('ignores forged account fields at the better-auth layer too', async () => {
    const forged = await t.app.auth.api.signUpEmail({
      body: {
        name: 'Mallory',
        email: 'mallory@example.com',
        password: 'Secret123',
        // @ts-expect-error — not a field a sign-up may set
        isAdmin: true,
      },
      asResponse: true,
    });
    expect(forged.status).toBe(200);
    const row = await t.database.handle.db
      .selectFrom('user')
      .select(['isAdmin', 'publishedArticles', 'premiumUntil'])
      .where('email', '=', 'mallory@example.com')
      .executeTakeFirstOrThrow();
    expect({ ...row, isAdmin: Boolean(row.isAdmin) }).toEqual({
      isAdmin: false,
      publishedArticles: 0,
      premiumUntil: null,
    });
  });
});
