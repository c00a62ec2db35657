import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterLinkMessages, newsletterMessages } from '#shared/newsletter-messages';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp } from '#server/test/auth';
import { createTestClock } from '#server/test/clock';
import { createPublisher } from '#server/test/factories';
import { linkIn, readOutbox, waitForMail } from '#server/test/outbox';
import { sourcePages } from '#server/test/pages';
import { subscriberToken } from './links.js';
import { confirmationLifetimeMs } from './subscribers.js';

// Subscribing to the newsletter with double opt-in (API.md, "Newsletter"), on both engines.
const site = 'http://localhost:3000';
const clock = createTestClock(new Date('2026-11-28T09:00:00.000Z'));
let t: TestApp;
let outbox: string;
let client = 0;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: site }, { clock: clock.now, pages: await sourcePages() });
  outbox = t.config.mail.kind === 'outbox' ? t.config.mail.dir : '';
  await createPublisher(t.app.database.db, { name: 'Harbour Herald' });
  await createPublisher(t.app.database.db, { name: 'Valley Voice' });
});
afterAll(() => t.close());

/** Each call from its own client address, unless one is given, so limits are the test's choice. */
const subscribe = (payload: unknown, ip = `203.0.113.${(client += 1)}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload: payload as object,
    remoteAddress: ip,
  });
const confirm = (token: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });

const subscriber = (email: string) =>
  t.app.database.db
    .selectFrom('newsletterSubscriber')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
async function choicesOf(email: string): Promise<string[]> {
  const rows = await t.app.database.db
    .selectFrom('newsletterSubscriberPublisher')
    .innerJoin('newsletterSubscriber', 'newsletterSubscriber.id', 'subscriberId')
    .innerJoin('publisher', 'publisher.id', 'publisherId')
    .select('publisher.name')
    .where('newsletterSubscriber.email', '=', email)
    .orderBy('publisher.name')
    .execute();
  return rows.map((row) => row.name);
}
const mailsTo = async (email: string) =>
  (await readOutbox(outbox)).filter((mail) => mail.to === email);
async function confirmationToken(email: string): Promise<string> {
  const mail = await waitForMail(outbox, email, (m) => m.subject.startsWith('Confirm your sub'));
  return linkIn(mail, site).searchParams.get('token')!;
}
/** Lets a mail the answer queued be written, to see that none was. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('subscribing', () => {
  it('answers 202, stores the address as pending with its choices, and mails only the link', async () => {
    const res = await subscribe({
      email: ' Reader@Example.com ',
      publishers: ['Valley Voice', 'Harbour Herald', 'Valley Voice'],
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: newsletterMessages.subscribed });
    const token = await confirmationToken('reader@example.com');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(await subscriber('reader@example.com')).toMatchObject({ status: 'pending' });
    expect(await choicesOf('reader@example.com')).toEqual(['Harbour Herald', 'Valley Voice']);
    // Only the token's hash is kept.
    const row = await subscriber('reader@example.com');
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await mailsTo('reader@example.com')).toHaveLength(1);
  });

  it('confirms once with the mailed link, and links an account of the same address', async () => {
    const owner = await signUp(t.app, { email: 'member@example.com' });
    expect((await subscribe({ email: 'member@example.com' })).statusCode).toBe(202);
    const token = await confirmationToken('member@example.com');

    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: newsletterMessages.confirmed });
    expect(await subscriber('member@example.com')).toMatchObject({
      status: 'confirmed',
      userId: owner.user.id,
      confirmTokenHash: null,
    });
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: newsletterMessages.badConfirmation });
  });

  it('answers an address already confirmed the same, and changes and mails nothing', async () => {
    expect(
      (await subscribe({ email: 'steady@example.com', publishers: ['Valley Voice'] })).statusCode,
    ).toBe(202);
    expect((await confirm(await confirmationToken('steady@example.com'))).statusCode).toBe(200);
    const before = await subscriber('steady@example.com');

    const res = await subscribe({ email: 'steady@example.com', publishers: ['Harbour Herald'] });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: newsletterMessages.subscribed });
    await settle();
    expect(await mailsTo('steady@example.com')).toHaveLength(1);
    expect(await subscriber('steady@example.com')).toEqual(before);
    expect(await choicesOf('steady@example.com')).toEqual(['Valley Voice']);
  });

  it('refuses a link past its week, and a token of any other shape', async () => {
    expect((await subscribe({ email: 'late@example.com' })).statusCode).toBe(202);
    const token = await confirmationToken('late@example.com');
    clock.advance(confirmationLifetimeMs + 1);
    try {
      expect((await confirm(token)).statusCode).toBe(400);
    } finally {
      clock.advance(-(confirmationLifetimeMs + 1));
    }
    for (const bad of ['', 'not-a-token', 42, null, 'x'.repeat(201)]) {
      const res = await confirm(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    expect(await subscriber('late@example.com')).toMatchObject({ status: 'pending' });
  });

  it('refuses a bad address or publisher with a 400 that says why, and stores nothing', async () => {
    const cases: [unknown, string][] = [
      [{}, 'Email Address is required'],
      [{ email: 'not an address' }, 'Not a valid email'],
      [{ email: 'a@example.com', publishers: 'Valley Voice' }, 'Publishers are a list of names'],
      [
        { email: 'a@example.com', publishers: ['Nobody Press'] },
        'There is no publisher named “Nobody Press”',
      ],
      [{ email: 'a@example.com', publishers: ['Bad\u0007Name'] }, 'control characters'],
    ];
    for (const [payload, message] of cases) {
      const res = await subscribe(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    await settle();
    expect(await subscriber('a@example.com')).toBeUndefined();
    expect(await mailsTo('a@example.com')).toEqual([]);
  });

  it('limits requests per address and per client, as password resets are', async () => {
    for (let n = 0; n < 3; n++) {
      expect((await subscribe({ email: 'flood@example.com' })).statusCode).toBe(202);
    }
    const fourth = await subscribe({ email: 'flood@example.com' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ message: newsletterMessages.tooManyRequests });

    const ip = '198.51.100.77';
    for (let n = 0; n < 10; n++) {
      expect((await subscribe({ email: `many${n}@example.com` }, ip)).statusCode).toBe(202);
    }
    expect((await subscribe({ email: 'many10@example.com' }, ip)).statusCode).toBe(429);
    await settle();
    expect(await subscriber('many10@example.com')).toBeUndefined();
  });
});

describe('the pages of the mailed links', () => {
  it('confirms nothing when opened, and confirms with its form posted without script', async () => {
    expect((await subscribe({ email: 'noscript@example.com' })).statusCode).toBe(202);
    const token = await confirmationToken('noscript@example.com');
    const page = await t.app.inject(`/newsletter/confirm?token=${token}`);
    expect(page.statusCode).toBe(200);
    const form = parse(page.body).querySelector('main form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe(`/newsletter/confirm?token=${token}`);
    expect(await subscriber('noscript@example.com')).toMatchObject({ status: 'pending' });

    const posted = await t.app.inject({
      method: 'POST',
      url: `/newsletter/confirm?token=${token}`,
      headers: { origin: site, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(posted.statusCode).toBe(200);
    expect(parse(posted.body).querySelector('main [role="status"]')?.textContent).toBe(
      newsletterMessages.confirmed,
    );
    expect(await subscriber('noscript@example.com')).toMatchObject({ status: 'confirmed' });
  });

  it('unsubscribe only with the page’s button, posted without script', async () => {
    expect((await subscribe({ email: 'leaver@example.com' })).statusCode).toBe(202);
    expect((await confirm(await confirmationToken('leaver@example.com'))).statusCode).toBe(200);
    const { id } = (await subscriber('leaver@example.com'))!;
    const address = `/newsletter/unsubscribe?token=${subscriberToken(t.config.authSecret, id)}`;
    const page = await t.app.inject(address);
    expect(page.statusCode).toBe(200);
    const form = parse(page.body).querySelector('main form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe(address);
    expect(await subscriber('leaver@example.com')).toMatchObject({ status: 'confirmed' });

    const posted = await t.app.inject({
      method: 'POST',
      url: address,
      headers: { origin: site, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(posted.statusCode).toBe(200);
    expect(parse(posted.body).querySelector('main [role="status"]')?.textContent).toBe(
      newsletterLinkMessages.unsubscribed,
    );
    expect(await subscriber('leaver@example.com')).toMatchObject({ status: 'unsubscribed' });
  });
});

describe('signing up without script', () => {
  const postForm = (fields: URLSearchParams) =>
    t.app.inject({
      method: 'POST',
      url: '/newsletter',
      remoteAddress: `192.0.2.${(client += 1)}`,
      headers: { origin: site, 'content-type': 'application/x-www-form-urlencoded' },
      payload: fields.toString(),
    });

  it('posts the footer’s form to the newsletter page, with the publishers chosen there', async () => {
    const home = parse((await t.app.inject('/')).body);
    const footerForm = home.querySelector('footer form');
    expect(footerForm?.getAttribute('method')).toBe('post');
    expect(footerForm?.getAttribute('action')).toBe('/newsletter');
    expect(footerForm?.querySelector('input[type="email"]')?.getAttribute('name')).toBe('email');

    const fields = new URLSearchParams([
      ['email', 'formfan@example.com'],
      ['publishers', 'Harbour Herald'],
      ['publishers', 'Valley Voice'],
    ]);
    const answer = await postForm(fields);
    expect(answer.statusCode).toBe(200);
    expect(parse(answer.body).querySelector('main [role="status"]')?.textContent).toBe(
      newsletterMessages.subscribed,
    );
    await confirmationToken('formfan@example.com');
    expect(await choicesOf('formfan@example.com')).toEqual(['Harbour Herald', 'Valley Voice']);
  });

  it('shows the refusal on the page, the address kept', async () => {
    const answer = await postForm(new URLSearchParams({ email: 'not an address' }));
    expect(answer.statusCode).toBe(400);
    const main = parse(answer.body).querySelector('main');
    expect(main?.querySelector('[role="alert"]')?.textContent).toContain('Not a valid email');
    expect(main?.querySelector('input[name="email"]')?.getAttribute('value')).toBe(
      'not an address',
    );
  });
});
