import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createTestClock } from '#server/test/clock';
import { createArticle, createPublisher } from '#server/test/factories';
import { queueArticleSend } from './sends.js';
import { confirmSubscription, requestSubscription, unsubscribe } from './subscribers.js';
import { applyNewsletterEvents } from './suppression.js';

// The newsroom's figures on the dashboard, on both engines: subscribers a day and now, and each
// send's progress, for admins only.
const clock = createTestClock(new Date('2026-11-28T15:00:00.000Z'));
let t: TestApp;
let admin: TestUser;
let reader: TestUser;

/** A time `days` days before the clock's, at `hour` UTC. */
const daysAgo = (days: number, hour = 10) => {
  const at = new Date(clock.now().getTime() - days * 24 * 60 * 60_000);
  at.setUTCHours(hour);
  return at;
};

beforeAll(async () => {
  // Nothing is delivered while the test looks at the sends' progress.
  t = await createTestApp({ mailIntervalMs: 3_600_000 }, { clock: clock.now });
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  reader = await signUp(t.app);
});
afterAll(() => t.close());

async function confirmedAt(email: string, at: Date) {
  const db = t.app.database.db;
  const outcome = await requestSubscription(db, email, [], at);
  if (outcome.kind === 'confirm') await confirmSubscription(db, outcome.token, at);
  return (
    await db
      .selectFrom('newsletterSubscriber')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).id;
}

const get = (url: string, cookie?: string) =>
  t.app.inject({ url, headers: cookie ? { cookie } : {} });

describe('the newsletter on the dashboard', () => {
  it('counts subscribers confirmed, unsubscribed and suppressed a day, and now', async () => {
    const db = t.app.database.db;
    await confirmedAt('today@example.com', daysAgo(0, 1));
    await confirmedAt('yesterday-1@example.com', daysAgo(1));
    const leaver = await confirmedAt('yesterday-2@example.com', daysAgo(1, 23));
    await unsubscribe(db, leaver, daysAgo(0, 2));
    await confirmedAt('month@example.com', daysAgo(29));
    await confirmedAt('bounced@example.com', daysAgo(45));
    await applyNewsletterEvents(
      db,
      [{ type: 'hard_bounce', email: 'bounced@example.com' }],
      daysAgo(3),
      () => Promise.reject(new Error('no send stops')),
    );
    await requestSubscription(db, 'pending@example.com', [], daysAgo(0));

    const res = await get('/api/newsletter/stats', admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json<{ days: { day: string }[]; totals: object }>();
    expect(stats.totals).toEqual({ pending: 1, confirmed: 3, unsubscribed: 1, suppressed: 1 });
    expect(stats.days).toHaveLength(30);
    expect(stats.days[0]).toEqual({
      day: '2026-10-30',
      confirmed: 1,
      unsubscribed: 0,
      suppressed: 0,
    });
    expect(stats.days.at(-1)).toEqual({
      day: '2026-11-28',
      confirmed: 1,
      unsubscribed: 1,
      suppressed: 0,
    });
    expect(stats.days.at(-2)).toEqual({
      day: '2026-11-27',
      confirmed: 2,
      unsubscribed: 0,
      suppressed: 0,
    });
    expect(stats.days.at(-4)).toEqual({
      day: '2026-11-25',
      confirmed: 0,
      unsubscribed: 0,
      suppressed: 1,
    });

    const quarter = await get('/api/newsletter/stats?days=90', admin.cookie);
    const long = quarter.json<{ days: { day: string; confirmed: number }[] }>().days;
    expect(long).toHaveLength(90);
    expect(long.find((d) => d.day === '2026-10-14')).toMatchObject({ confirmed: 1 });
    expect(long.reduce((sum, d) => sum + d.confirmed, 0)).toBe(5);

    const bad = await get('/api/newsletter/stats?days=7', admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'days: days is 30 or 90' });
  });

  it('lists the sends newest first, a page at a time, with their deliveries by state', async () => {
    const db = t.app.database.db;
    const publisher = (await createPublisher(db)).id;
    const ids: number[] = [];
    for (const title of ['Oldest', 'Middle', 'Newest']) {
      const article = await createArticle(db, admin.user.id, { title, publisherId: publisher });
      const send = await queueArticleSend(
        db,
        { id: article.id, title, publisherId: publisher },
        admin.user.id,
        clock.now(),
      );
      ids.push(send!.id);
      clock.advance(60_000);
    }
    // The newest: three recipients, one sent, one failed, one bounced and one still queued.
    const newest = ids[2]!;
    const deliveries = await db
      .selectFrom('newsletterDelivery')
      .select('subscriberId')
      .where('sendId', '=', newest)
      .orderBy('subscriberId')
      .execute();
    expect(deliveries).toHaveLength(3);
    const set = (index: number, status: 'sent' | 'failed' | 'bounced') =>
      db
        .updateTable('newsletterDelivery')
        .set({ status })
        .where('sendId', '=', newest)
        .where('subscriberId', '=', deliveries[index]!.subscriberId)
        .execute();
    await set(0, 'sent');
    await set(1, 'bounced');

    const res = await get('/api/newsletter/sends?limit=2', admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json()).toEqual([
      {
        id: newest,
        kind: 'article',
        subject: 'Newest',
        status: 'sending',
        createdAt: '2026-11-28T15:02:00.000Z',
        finishedAt: null,
        recipients: 3,
        complaints: 0,
        queued: 1,
        sent: 1,
        failed: 0,
        bounced: 1,
      },
      expect.objectContaining({ id: ids[1], subject: 'Middle', queued: 3, sent: 0 }),
    ]);
    const second = await get('/api/newsletter/sends?limit=2&page=2', admin.cookie);
    expect(second.json()).toEqual([expect.objectContaining({ id: ids[0], subject: 'Oldest' })]);
    expect((await get('/api/newsletter/sends?page=0', admin.cookie)).statusCode).toBe(400);
  });

  it('answers admins only', async () => {
    for (const url of ['/api/newsletter/stats', '/api/newsletter/sends']) {
      const guest = await get(url);
      expect(guest.statusCode, url).toBe(401);
      const notAdmin = await get(url, reader.cookie);
      expect(notAdmin.statusCode, url).toBe(403);
      expect(notAdmin.json()).toMatchObject({ error: 'forbidden' });
    }
  });
});
