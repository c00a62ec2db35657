import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationMessages } from '#shared/accounts';
import { paths } from '#shared/paths';
import { rateLimits } from '#shared/rules/limits';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp, type TestUser } from '#server/test/auth';
import { createPublisher, recordSavedImages, uploadedImageUrl } from '#server/test/factories';
import { linkIn, readOutbox, waitForMail } from '#server/test/outbox';
import { columnsHolding } from '#server/test/stored-text';

let t: TestApp;
let outbox: string;
let publisher: string;

beforeAll(async () => {
  t = await createTestApp({ mailIntervalMs: 20 });
  outbox = t.config.mail.kind === 'outbox' ? t.config.mail.dir : '';
  publisher = (await createPublisher(t.app.database.db)).name;
  await recordSavedImages(t.app.database.db, uploadedImageUrl());
});
afterAll(() => t.close());

const verificationMail = (user: TestUser) =>
  waitForMail(outbox, user.user.email, (m) => m.subject.startsWith('Confirm your email'));

const postArticle = (user: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/articles',
    headers: { cookie: user.cookie },
    payload: {
      name: 'A first story',
      publisher,
      tags: ['health'],
      description: 'One. Two. Three.',
      image: uploadedImageUrl(),
    },
  });

const startPayment = (user: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { cookie: user.cookie },
    payload: { price: 1 },
  });

const askAgain = (user: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/me/verification-email',
    headers: { cookie: user.cookie },
  });

const record = async (user: TestUser) =>
  (
    await t.app.inject({
      url: `/api/users?email=${encodeURIComponent(user.user.email)}`,
      headers: { cookie: user.cookie },
    })
  ).json<{ emailVerified: boolean }>();

describe('email verification', () => {
  it('mails a link on registration; until it is followed the account reads but may not post or pay', async () => {
    const user = await signUp(t.app, { verified: false });
    const mail = await verificationMail(user);
    expect(mail.text).toContain(user.user.name);
    expect((await record(user)).emailVerified).toBe(false);

    for (const refused of [await postArticle(user), await startPayment(user)]) {
      expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([
        403,
        verificationMessages.required,
      ]);
    }
    const articles = await t.app.database.db.selectFrom('article').select('id').execute();
    expect(articles).toHaveLength(0);
    // Reading and its own record stay open.
    expect((await t.app.inject({ url: '/api/articles' })).statusCode).toBe(200);

    const link = linkIn(mail, t.config.publicUrl);
    expect(link.pathname).toBe('/api/auth/verify-email');
    const followed = await t.app.inject({ url: link.pathname + link.search });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(paths.myProfile);
    expect((await record(user)).emailVerified).toBe(true);

    expect((await postArticle(user)).statusCode).toBe(201);
    expect((await startPayment(user)).statusCode).toBe(200);
  });

  it('refuses a link whose token is forged or another site’s', async () => {
    const user = await signUp(t.app, { verified: false });
    const link = linkIn(await verificationMail(user), t.config.publicUrl);
    const forged = new URLSearchParams(link.search);
    forged.set('token', `${forged.get('token')}x`);
    const res = await t.app.inject({ url: `${link.pathname}?${forged.toString()}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain('error=');
    expect((await record(user)).emailVerified).toBe(false);
  });

  it('works once: followed again, it answers as a forged link does and changes nothing', async () => {
    const user = await signUp(t.app, { verified: false });
    const link = linkIn(await verificationMail(user), t.config.publicUrl);
    const follow = () => t.app.inject({ url: link.pathname + link.search });
    const forged = new URLSearchParams(link.search);
    forged.set('token', `${forged.get('token')}x`);
    const refused = await t.app.inject({ url: `${link.pathname}?${forged.toString()}` });

    expect((await follow()).headers.location).toBe(paths.myProfile);
    expect((await record(user)).emailVerified).toBe(true);
    // Were the address to need confirming again (a new one, say), the used link would not do.
    await t.app.database.db
      .updateTable('user')
      .set({ emailVerified: false })
      .where('id', '=', user.user.id)
      .execute();
    const again = await follow();
    expect([again.statusCode, again.headers.location]).toEqual([302, refused.headers.location]);
    expect((await record(user)).emailVerified).toBe(false);
  });

  it('keeps its link in no table once the mail is sent and the link followed', async () => {
    const user = await signUp(t.app, { verified: false });
    const link = linkIn(await verificationMail(user), t.config.publicUrl);
    const token = link.searchParams.get('token') ?? '';
    const db = t.app.database.db;
    const sent = async () =>
      db
        .selectFrom('mailQueue')
        .selectAll()
        .where('toAddress', '=', user.user.email)
        .where('sentAt', 'is not', null)
        .executeTakeFirst();
    const deadline = Date.now() + 5_000;
    while (!(await sent()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Who, what and when stay; what it said, with its link, does not.
    expect(await sent()).toMatchObject({
      toAddress: user.user.email,
      kind: 'email-verification',
      subject: '',
      textBody: '',
      htmlBody: '',
    });
    expect((await t.app.inject({ url: link.pathname + link.search })).headers.location).toBe(
      paths.myProfile,
    );
    expect(await columnsHolding(db, token)).toEqual([]);
  });

  it('sends the link again when asked, a few times an hour, and not to a verified account', async () => {
    const user = await signUp(t.app, { verified: false });
    await verificationMail(user);
    for (let i = 0; i < rateLimits.verificationMails.max; i += 1) {
      const again = await askAgain(user);
      expect([again.statusCode, again.json()]).toEqual([
        200,
        { message: verificationMessages.sent },
      ]);
    }
    const refused = await askAgain(user);
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([
      429,
      verificationMessages.tooMany,
    ]);
    const deadline = Date.now() + 5_000;
    const count = async () =>
      (await readOutbox(outbox)).filter((m) => m.to === user.user.email).length;
    while ((await count()) < 1 + rateLimits.verificationMails.max && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await count()).toBe(1 + rateLimits.verificationMails.max);

    const verified = await signUp(t.app);
    const already = await askAgain(verified);
    expect([already.statusCode, already.json<{ message: string }>().message]).toEqual([
      400,
      verificationMessages.already,
    ]);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/me/verification-email' })).statusCode,
    ).toBe(401);
  });
});
