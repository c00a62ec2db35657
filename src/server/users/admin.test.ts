import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBool } from '#server/db/values';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { makePremium } from '#server/test/factories';

let t: TestApp;
let admin: TestUser;
let users: TestUser[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app, { name: 'Ada Admin', email: 'ada@example.com' });
  await makeAdmin(t.app, admin.user.id);
  users = [];
  for (const name of ['Uma', 'Vic', 'Wes', 'Xia', 'Yan']) {
    users.push(await signUp(t.app, { name, email: `${name.toLowerCase()}@example.com` }));
  }
  // Distinct creation times, so "newest first" is well defined on both engines.
  const all = [admin, ...users];
  for (const [i, user] of all.entries()) {
    await t.app.database.db
      .updateTable('user')
      .set({ createdAt: new Date(Date.UTC(2024, 0, 1 + i)).toISOString() })
      .where('id', '=', user.user.id)
      .execute();
  }
  await makePremium(t.app.database.db, users[1]!.user.id);
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const patch = (id: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/users/${id}`,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
const isAdmin = async (id: string) =>
  toBool(
    (
      await t.app.database.db
        .selectFrom('user')
        .select('isAdmin')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).isAdmin,
  );

describe('GET /api/users (the admin list)', () => {
  it('refuses guests (401) and non-admins (403)', async () => {
    expect((await get('/api/users')).statusCode).toBe(401);
    const res = await get('/api/users', users[0]!.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden' });
  });

  it('answers 3 users a page, newest first, with the total', async () => {
    const first = await get('/api/users', admin.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('6');
    expect(first.json().map((u: { name: string }) => u.name)).toEqual(['Yan', 'Xia', 'Wes']);
    const second = await get('/api/users?page=2', admin.cookie);
    expect(second.headers['x-total-count']).toBe('6');
    expect(second.json()).toEqual([
      {
        _id: users[1]!.user.id,
        name: 'Vic',
        email: 'vic@example.com',
        photoURL: '/uploads/test-photo.webp',
        photoSrcset: null,
        isAdmin: false,
        isPremium: true,
        createdAt: '2024-01-03T00:00:00.000Z',
      },
      expect.objectContaining({ name: 'Uma', isPremium: false }),
      expect.objectContaining({ name: 'Ada Admin', isAdmin: true }),
    ]);
    expect((await get('/api/users?page=3', admin.cookie)).json()).toEqual([]);
  });

  it('takes a limit, capped at 50, and refuses a malformed page', async () => {
    const five = await get('/api/users?limit=5&page=2', admin.cookie);
    expect(five.json()).toHaveLength(1);
    expect((await get('/api/users?limit=500', admin.cookie)).json()).toHaveLength(6);
    for (const query of ['page=0', 'page=abc', 'limit=0']) {
      expect((await get(`/api/users?${query}`, admin.cookie)).statusCode).toBe(400);
    }
  });

  it('still answers one record with email, and 400 for an empty one', async () => {
    const res = await get('/api/users?email=uma@example.com', users[0]!.cookie);
    expect(res.json()).toMatchObject({ name: 'Uma', subscriptionHistory: [] });
    expect((await get('/api/users?email=', admin.cookie)).statusCode).toBe(400);
  });
});

describe('PATCH /api/users/:id', () => {
  it('refuses guests (401) and non-admins, even for themselves (403)', async () => {
    const target = users[2]!;
    expect((await patch(target.user.id, { isAdmin: true })).statusCode).toBe(401);
    expect((await patch(target.user.id, { isAdmin: true }, target.cookie)).statusCode).toBe(403);
    expect((await patch(target.user.id, { isAdmin: true }, users[3]!.cookie)).statusCode).toBe(403);
    expect(await isAdmin(target.user.id)).toBe(false);
  });

  it('refuses any body but exactly {isAdmin: true}', async () => {
    const target = users[3]!;
    const bodies = [
      { isAdmin: false },
      { isAdmin: 'true' },
      { isAdmin: true, isPremium: true },
      { isAdmin: true, name: 'X' },
      {},
      [],
    ];
    for (const body of bodies) {
      const res = await patch(target.user.id, body, admin.cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await isAdmin(target.user.id)).toBe(false);
  });

  it('promotes once, then answers 0', async () => {
    const target = users[4]!;
    expect((await patch(target.user.id, { isAdmin: true }, admin.cookie)).json()).toEqual({
      modifiedCount: 1,
    });
    expect(await isAdmin(target.user.id)).toBe(true);
    expect((await patch(target.user.id, { isAdmin: true }, admin.cookie)).json()).toEqual({
      modifiedCount: 0,
    });
    // The new admin's session sees the admin list at once.
    expect((await get('/api/users', target.cookie)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await patch('no-such-user', { isAdmin: true }, admin.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No user has this id' });
  });
});
