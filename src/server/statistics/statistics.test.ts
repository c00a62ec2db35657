import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp } from '#server/test/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setPremiumUntil = (id: string, until: Date | null) =>
  t.database.handle.db
    .updateTable('user')
    .set({ premiumUntil: until ? until.toISOString() : null })
    .where('id', '=', id)
    .execute();

describe('GET /api/statistics', () => {
  it('counts zero on an empty site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/statistics' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ totalUsers: 0, normalUsers: 0, premiumUsers: 0 });
  });

  it('counts premium users by an unexpired subscription, for anyone', async () => {
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => signUp(t.app)));
    await setPremiumUntil(users[0]!.user.id, new Date(Date.now() + 60_000));
    await setPremiumUntil(users[1]!.user.id, new Date(Date.now() + 86_400_000));
    // Expired a second ago: a normal user again.
    await setPremiumUntil(users[2]!.user.id, new Date(Date.now() - 1000));

    const res = await t.app.inject({ method: 'GET', url: '/api/statistics' });
    expect(res.json()).toEqual({ totalUsers: 5, normalUsers: 3, premiumUsers: 2 });
  });
});
