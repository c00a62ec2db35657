import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserRecord } from '#shared/accounts';
import { paymentMessages } from '#shared/payments';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createTestClock, type TestClock } from '#server/test/clock';
import { createArticle } from '#server/test/factories';
import {
  confirmPayment,
  newIntent as newIntentFor,
  recordOf as readRecord,
  startPayment as startWith,
} from '#server/test/payment-calls';
import { paymentPeers, type PaymentPeer } from '#server/test/payment-peers';

const minute = 60_000;
const day = 24 * 60 * minute;

describe.each(paymentPeers)('payments with the $name provider', ({ start }) => {
  let peer: PaymentPeer;
  let clock: TestClock;
  let t: TestApp;
  let payer: TestUser;
  let premiumArticleId: string;

  beforeAll(async () => {
    peer = await start();
    clock = createTestClock(new Date('2026-11-21T09:00:00.000Z'));
    t = await createTestApp({ payments: peer.config }, { clock: clock.now });
    const author = await signUp(t.app);
    const article = await createArticle(t.database.handle.db, author.user.id, {
      isPremium: true,
      description: 'One. Two. Three. The fourth sentence is for premium readers only.',
    });
    premiumArticleId = String(article.id);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });
  beforeEach(async () => {
    payer = await signUp(t.app);
  });

  const startPayment = (user: TestUser, price: unknown = 1) => startWith(t, user, price);
  const newIntent = (user: TestUser, price = 1) => newIntentFor(t, user, price);
  const confirm = (user: TestUser, paymentIntentId: string) =>
    confirmPayment(t, user, paymentIntentId);
  const recordOf = (user: TestUser) => readRecord(t, user);
  const buy = async (user: TestUser, price: number) => {
    const intent = await newIntent(user, price);
    await peer.pay(t, user, intent);
    const res = await confirm(user, intent.paymentIntentId);
    expect(res.statusCode).toBe(200);
    return { intent, record: res.json<UserRecord>() };
  };
  const subscriptionsOf = (user: TestUser) =>
    t.database.handle.db
      .selectFrom('subscription')
      .selectAll()
      .where('userId', '=', user.user.id)
      .execute();

  it('tells the payment page which card form to show', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      peer.name === 'demo'
        ? { provider: 'demo' }
        : { provider: 'stripe', publishableKey: 'pk_test_tribune_fake' },
    );
  });

  it('starts a payment only for a signed-in user and a plan price', async () => {
    expect((await startWith(t, null, 1)).statusCode).toBe(401);

    for (const price of [0, 2, 15, 1.5, 1000]) {
      const res = await startPayment(payer, price);
      expect(res.statusCode, `price ${price}`).toBe(400);
      expect(res.json()).toEqual({ error: 'bad_request', message: paymentMessages.unknownPrice });
    }
    for (const price of [-1, '1', null]) {
      expect((await startPayment(payer, price)).statusCode, `price ${String(price)}`).toBe(400);
    }
    const none = await t.database.handle.db
      .selectFrom('payment')
      .select('id')
      .where('userId', '=', payer.user.id)
      .execute();
    expect(none).toEqual([]);

    for (const [price, plan, amount] of [
      [1, '1-minute', 100],
      [10, '5-days', 1000],
      [20, '10-days', 2000],
    ] as const) {
      const intent = await newIntent(payer, price);
      expect(intent.clientSecret).toContain(intent.paymentIntentId);
      const row = await t.database.handle.db
        .selectFrom('payment')
        .selectAll()
        .where('id', '=', intent.paymentIntentId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ userId: payer.user.id, plan, amount, status: 'pending' });
    }
    expect((await recordOf(payer)).isPremium).toBe(false);
  });

  it('grants the plan after the provider confirms the payment, with a history entry', async () => {
    const { intent, record } = await buy(payer, 1);
    const expiry = new Date(clock.now().getTime() + minute).toISOString();
    expect(record).toMatchObject({ isPremium: true, premiumUntil: expiry });
    expect(record.subscriptionHistory).toEqual([
      {
        price: 1,
        transactionId: intent.paymentIntentId,
        date: clock.now().toISOString(),
        expiredDate: expiry,
      },
    ]);
    const article = await t.app.inject({
      method: 'GET',
      url: `/api/articledetail/${premiumArticleId}`,
      headers: { cookie: payer.cookie },
    });
    expect(article.statusCode).toBe(200);
    expect(article.json()).toMatchObject({ description: expect.stringContaining('fourth') });
  });

  it('grants nothing for a payment the card has not paid', async () => {
    const intent = await newIntent(payer);
    const res = await confirm(payer, intent.paymentIntentId);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      error: 'payment_required',
      message: paymentMessages.notSucceeded,
    });
    expect((await recordOf(payer)).isPremium).toBe(false);
    expect(await subscriptionsOf(payer)).toEqual([]);
  });

  it("refuses to confirm someone else's payment, paid or not, and grants nobody", async () => {
    const other = await signUp(t.app);
    const intent = await newIntent(other);
    for (const step of ['unpaid', 'paid'] as const) {
      if (step === 'paid') await peer.pay(t, other, intent);
      const res = await confirm(payer, intent.paymentIntentId);
      expect(res.statusCode, step).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: paymentMessages.noSuchPayment });
    }
    expect((await recordOf(payer)).isPremium).toBe(false);
    expect((await recordOf(other)).isPremium).toBe(false);
    expect(await subscriptionsOf(other)).toEqual([]);
  });

  it('refuses a payment the provider reports with another amount', async () => {
    const intent = await newIntent(payer, 20);
    await peer.pay(t, payer, intent);
    await peer.reportAmount(t, intent.paymentIntentId, 100);
    const res = await confirm(payer, intent.paymentIntentId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'conflict', message: paymentMessages.mismatch });
    expect((await recordOf(payer)).isPremium).toBe(false);
  });

  it('refuses unknown payments and confirms from guests', async () => {
    expect((await confirm(payer, 'pi_unknown')).statusCode).toBe(404);
    const intent = await newIntent(payer);
    await peer.pay(t, payer, intent);
    expect((await confirmPayment(t, null, intent.paymentIntentId)).statusCode).toBe(401);
    expect(await subscriptionsOf(payer)).toEqual([]);
  });

  it('grants once however often, and however concurrently, the payment is confirmed', async () => {
    const { intent, record } = await buy(payer, 10);
    const again = await confirm(payer, intent.paymentIntentId);
    expect(again.statusCode).toBe(200);
    expect(again.json<UserRecord>().premiumUntil).toBe(record.premiumUntil);

    const second = await newIntent(payer, 10);
    await peer.pay(t, payer, second);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => confirm(payer, second.paymentIntentId)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(await subscriptionsOf(payer)).toHaveLength(2);
    expect((await recordOf(payer)).premiumUntil).toBe(
      new Date(clock.now().getTime() + 10 * day).toISOString(),
    );
  });

  it('stacks a new plan on the time left, and starts from now once premium has ended', async () => {
    const bought = clock.now().getTime();
    await buy(payer, 10);
    clock.advance(2 * day);
    const { record } = await buy(payer, 20);
    expect(record.premiumUntil).toBe(new Date(bought + 15 * day).toISOString());

    clock.advance(20 * day);
    expect((await recordOf(payer)).isPremium).toBe(false);
    const { record: renewed } = await buy(payer, 1);
    expect(renewed.premiumUntil).toBe(new Date(clock.now().getTime() + minute).toISOString());
    expect(renewed.subscriptionHistory.map((entry) => entry.price)).toEqual([1, 20, 10]);
  });

  it('ends premium when the expiry passes: the record, premium text and the counts', async () => {
    // Let the plans bought before this test run out, so the count moves for this payer alone.
    clock.advance(30 * day);
    await buy(payer, 1);
    const statistics = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/statistics' })).json<{
        premiumUsers: number;
      }>().premiumUsers;
    const before = await statistics();
    clock.advance(minute - 1);
    expect((await recordOf(payer)).isPremium).toBe(true);

    clock.advance(1);
    expect((await recordOf(payer)).isPremium).toBe(false);
    expect(await statistics()).toBe(before - 1);
    const article = await t.app.inject({
      method: 'GET',
      url: `/api/articledetail/${premiumArticleId}`,
      headers: { cookie: payer.cookie },
    });
    expect(article.statusCode).toBe(403);
  });

  it('does not let expiry touch admins', async () => {
    const admin = await signUp(t.app);
    await makeAdmin(t.app, admin.user.id);
    await buy(admin, 1);
    clock.advance(day);
    const article = await t.app.inject({
      method: 'GET',
      url: `/api/articledetail/${premiumArticleId}`,
      headers: { cookie: admin.cookie },
    });
    expect(article.statusCode).toBe(200);
  });
});
