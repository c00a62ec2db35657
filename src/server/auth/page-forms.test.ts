import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, passwordResetMessages } from '#shared/accounts';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp } from '#server/test/auth';
import { webp } from '#server/test/image-fixtures';
import { linkIn, waitForMail } from '#server/test/outbox';
import { sourcePages } from '#server/test/pages';

/*
 * The sign-in, registration and password forms as a browser without the app's script sends
 * them: posted to their own pages, never with a secret in the address or the log, and answered
 * with a redirect or the page again carrying the API's own message.
 */

const site = 'http://localhost:3000';
let t: TestApp;
let outbox: string;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { publicUrl: site, logLevel: 'info' },
    { pages: await sourcePages(), logStream: { write: (line) => void logLines.push(line) } },
  );
  outbox = t.config.mail.kind === 'outbox' ? t.config.mail.dir : '';
  await signUp(t.app, { email: 'writer@example.com', password: 'Tribune123' });
});

afterAll(() => t.close());

/** A form as a browser posts it from our own page. */
const post = (url: string, fields: Record<string, string>, ip = '198.51.100.7') =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { origin: site, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const formOf = (html: string) => parse(html).querySelector('main form');

describe('the pages’ forms', () => {
  it('post their fields to their own page, never in the address', async () => {
    for (const [url, action] of [
      ['/login', '/login'],
      ['/login?from=%2Fmyarticles', '/login?from=%2Fmyarticles'],
      ['/register?from=%2Fmyarticles', '/register?from=%2Fmyarticles'],
      ['/forgot-password', '/forgot-password'],
      ['/reset-password?token=abc', '/reset-password?token=abc'],
    ] as const) {
      const form = formOf((await t.app.inject(url)).body);
      expect(form?.getAttribute('method'), url).toBe('post');
      expect(form?.getAttribute('action'), url).toBe(action);
    }
    const register = formOf((await t.app.inject('/register')).body);
    expect(register?.getAttribute('enctype')).toBe('multipart/form-data');
    expect(register?.querySelector('input[type="file"]')?.getAttribute('name')).toBe('photo');
  });
});

describe('signing in without script', () => {
  it('signs in and sends the reader on to the page they came from', async () => {
    const res = await post('/login?from=%2Fmyarticles', {
      email: 'writer@example.com',
      password: 'Tribune123',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/myarticles');
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const session = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json<{ user: { email: string } }>().user.email).toBe('writer@example.com');
  });

  it('shows the API’s message on the page again, the email kept and the password not', async () => {
    const wrong = { email: 'writer@example.com', password: 'WrongPassword9' };
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '198.51.100.8',
      payload: wrong,
    });
    const res = await post('/login', wrong, '198.51.100.9');
    expect(res.statusCode).toBe(api.statusCode);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('private, no-store');
    const form = formOf(res.body);
    expect(form?.querySelector('[role="alert"]')?.textContent).toBe(
      `Failed to Sign in: ${api.json<{ message: string }>().message}`,
    );
    expect(form?.querySelector('input[name="email"]')?.getAttribute('value')).toBe(
      'writer@example.com',
    );
    expect(res.body).not.toContain('WrongPassword9');
  });

  it('never leads off the site afterwards', async () => {
    const res = await post('/login?from=%2F%2Fevil.example', {
      email: 'writer@example.com',
      password: 'Tribune123',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
  });

  it('is refused from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'email=writer%40example.com&password=Tribune123',
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('registering without script', () => {
  const registration = async (fields: Record<string, string>, photo?: Buffer) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (photo) form.append('photo', new Blob([new Uint8Array(photo)]), 'me.webp');
    const request = new Request('http://x', { method: 'POST', body: form });
    return t.app.inject({
      method: 'POST',
      url: '/register?from=%2Fmyprofile',
      remoteAddress: '198.51.100.20',
      headers: {
        origin: site,
        'content-type': request.headers.get('content-type')!,
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  };

  it('creates the account, signs it in and sends the reader on', async () => {
    const res = await registration(
      { name: 'Nia New', email: 'nia@example.com', password: 'Tribune123' },
      await webp(),
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/myprofile');
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const me = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } });
    expect(me.json<{ user: { name: string } }>().user.name).toBe('Nia New');
  });

  it('shows the API’s message and creates nothing', async () => {
    const res = await registration({
      name: 'No Photo',
      email: 'nophoto@example.com',
      password: 'Tribune123',
    });
    expect(res.statusCode).toBe(400);
    expect(formOf(res.body)?.querySelector('[role="alert"]')?.textContent).toBe(
      `Failed to Register: ${accountMessages.photoRequired}`,
    );
    const users = await t.app.database.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'nophoto@example.com')
      .execute();
    expect(users).toEqual([]);
  });
});

describe('a new password without script', () => {
  it('is asked for, mailed, and set with the link’s page', async () => {
    const asked = await post('/forgot-password', { email: 'writer@example.com' });
    expect(asked.statusCode).toBe(200);
    expect(parse(asked.body).querySelector('main [role="status"]')?.textContent).toBe(
      passwordResetMessages.requested,
    );
    const mail = await waitForMail(outbox, 'writer@example.com', (m) =>
      m.subject.includes('new password'),
    );
    const link = linkIn(mail, site);

    const weak = await post(`${link.pathname}${link.search}`, { newPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(formOf(weak.body)?.querySelector('[role="alert"]')?.textContent).toContain(
      accountMessages.passwordTooShort,
    );

    const set = await post(`${link.pathname}${link.search}`, { newPassword: 'Changed456' });
    expect(set.statusCode).toBe(200);
    expect(parse(set.body).querySelector('main [role="status"]')?.textContent).toContain(
      passwordResetMessages.changed,
    );
    const signIn = await post('/login', { email: 'writer@example.com', password: 'Changed456' });
    expect(signIn.statusCode).toBe(303);
  });

  it('refuses a link that does not work, with its message', async () => {
    const res = await post('/reset-password?token=not-a-token', { newPassword: 'Changed789' });
    expect(res.statusCode).toBe(400);
    expect(formOf(res.body)?.querySelector('[role="alert"]')?.textContent).toBe(
      passwordResetMessages.invalidLink,
    );
  });
});

describe('the request log', () => {
  it('never records a secret from an address or a form', async () => {
    logLines.length = 0;
    // An old bookmark or a browser that sent a form the old way: the secret is in the address.
    await t.app.inject('/login?email=writer%40example.com&password=LeakedSecret1');
    await t.app.inject('/reset-password?token=LeakedToken123');
    await post('/login', { email: 'writer@example.com', password: 'LeakedSecret2' });
    const log = logLines.join('\n');
    expect(log).toContain('"url":"/login?email=…&password=…"');
    for (const secret of ['LeakedSecret1', 'LeakedSecret2', 'LeakedToken123', 'writer%40']) {
      expect(log).not.toContain(secret);
    }
  });
});
