import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { signIn, signUp, type TestUser } from '#server/test/auth';

const dayMs = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sessionsOf = (app: TestApp, userId: string) =>
  app.database.handle.db.selectFrom('session').select('id').where('userId', '=', userId).execute();

/** Moves the start of the user's sessions into the past, as if they signed in days ago. */
const backdate = (app: TestApp, userId: string, days: number) =>
  app.database.handle.db
    .updateTable('session')
    .set({ createdAt: new Date(Date.now() - days * dayMs).toISOString() })
    .where('userId', '=', userId)
    .execute();

const getSession = (app: TestApp, account: TestUser) =>
  app.app.inject({
    method: 'GET',
    url: '/api/auth/get-session',
    headers: { cookie: account.cookie },
  });

const ownRecord = (app: TestApp, account: TestUser) =>
  app.app.inject({
    method: 'GET',
    url: `/api/users?email=${encodeURIComponent(account.user.email)}`,
    headers: { cookie: account.cookie },
  });

describe('the 30-day limit on a session', () => {
  it('keeps a session that began 29 days ago, on better-auth’s routes and ours', async () => {
    const account = await signUp(t.app);
    await backdate(t, account.user.id, 29);
    expect((await getSession(t, account)).json()).toMatchObject({ user: { id: account.user.id } });
    expect((await ownRecord(t, account)).statusCode).toBe(200);
  });

  it('ends a session that began 31 days ago on get-session, and deletes it', async () => {
    const account = await signUp(t.app);
    await backdate(t, account.user.id, 31);
    const res = await getSession(t, account);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
    expect(await sessionsOf(t, account.user.id)).toEqual([]);
    expect((await ownRecord(t, account)).statusCode).toBe(401);
  });

  it('ends it on our own routes too, and deletes it', async () => {
    const account = await signUp(t.app);
    await backdate(t, account.user.id, 31);
    const res = await ownRecord(t, account);
    expect(res.statusCode).toBe(401);
    expect(await sessionsOf(t, account.user.id)).toEqual([]);
    expect((await getSession(t, account)).json()).toBeNull();
  });

  it('ends only the aged session: the same account signed in afresh goes on', async () => {
    const account = await signUp(t.app);
    await backdate(t, account.user.id, 31);
    const fresh = { ...account, cookie: await signIn(t.app, account.user.email, account.password) };
    expect(await sessionsOf(t, account.user.id)).toHaveLength(2);
    expect((await getSession(t, account)).json()).toBeNull();
    expect((await getSession(t, fresh)).json()).toMatchObject({ user: { id: account.user.id } });
    expect(await sessionsOf(t, account.user.id)).toHaveLength(1);
  });

  it('reads the __Secure- cookie of an https site', async () => {
    const secure = await createTestApp({ publicUrl: 'https://news.example.com' });
    try {
      const account = await signUp(secure.app);
      expect(account.cookie).toMatch(/^__Secure-better-auth\.session_token=/);
      await backdate(secure, account.user.id, 31);
      expect((await getSession(secure, account)).json()).toBeNull();
      expect(await sessionsOf(secure, account.user.id)).toEqual([]);
    } finally {
      await secure.close();
    }
  });
});
