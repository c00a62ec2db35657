import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/accounts';
import { createTestApp, type TestApp } from '#server/test/app';

let t: TestApp;
let photo: Buffer;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  photo = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

function form(fields: Record<string, string>, file: Buffer | null = photo, fileField = 'photo') {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (file)
    data.append(fileField, new Blob([new Uint8Array(file)], { type: 'image/png' }), 'me.png');
  return data;
}

function valid(overrides: Record<string, string> = {}) {
  counter += 1;
  return {
    name: 'Nadia Reader',
    email: `nadia${counter}@example.com`,
    password: 'Secret1',
    ...overrides,
  };
}

// Each request comes from its own address unless a test says otherwise (registrations are
// limited per address).
let address = 0;
const register = (payload: FormData, ip = `10.7.${Math.floor(++address / 250)}.${address % 250}`) =>
  t.app.inject({ method: 'POST', url: '/api/register', payload, remoteAddress: ip });

const userCount = async () =>
  Number(
    (
      await t.database.handle.db
        .selectFrom('user')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const uploads = () =>
  readdirSync(path.join(t.config.dataDir, 'uploads')).filter((f) => !f.startsWith('.'));

describe('POST /api/register', () => {
  it('creates the account with the spec defaults, stores the photo and signs the user in', async () => {
    const fields = valid({ email: 'New.Person@Example.com' });
    const res = await register(form(fields));
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({
      name: 'Nadia Reader',
      email: 'new.person@example.com',
      isAdmin: false,
      isPremium: false,
      allowedFor: 1,
      publishedArticles: 0,
      subscriptionHistory: [],
    });
    expect(user.photoURL).toMatch(/^\/uploads\/[0-9a-f]+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: user.photoURL });
    expect(served.statusCode).toBe(200);

    const cookie = [res.headers['set-cookie']]
      .flat()
      .map((c) => String(c).split(';')[0])
      .join('; ');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(session.json()).toMatchObject({ user: { email: 'new.person@example.com' } });
  });

  it('ignores forged isAdmin, isPremium and publishedArticles', async () => {
    const fields = valid({
      isAdmin: 'true',
      isPremium: 'true',
      publishedArticles: '-9',
      premiumUntil: '2999-01-01',
    });
    const res = await register(form(fields));
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      isAdmin: false,
      isPremium: false,
      publishedArticles: 0,
      premiumUntil: null,
    });
  });

  const cases: [string, Record<string, string>, Buffer | null, string][] = [
    ['no name', { name: '' }, photo, accountMessages.nameRequired],
    ['a blank name', { name: '   ' }, photo, accountMessages.nameRequired],
    ['no photo', {}, null, accountMessages.photoRequired],
    ['no email', { email: '' }, photo, accountMessages.emailRequired],
    ['a bad email', { email: 'not-an-email' }, photo, accountMessages.emailInvalid],
    ['no password', { password: '' }, photo, accountMessages.passwordRequired],
    ['a short password', { password: 'Ab1' }, photo, accountMessages.passwordTooShort],
    ['no uppercase letter', { password: 'secret1' }, photo, accountMessages.passwordCase],
    ['no lowercase letter', { password: 'SECRET1' }, photo, accountMessages.passwordCase],
  ];
  for (const [what, overrides, file, message] of cases) {
    it(`refuses ${what} with the spec's message and creates nothing`, async () => {
      const before = { users: await userCount(), files: uploads().length };
      const res = await register(form(valid(overrides), file));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'bad_request', message });
      expect(await userCount()).toBe(before.users);
      expect(uploads().length).toBe(before.files);
    });
  }

  it('refuses a photo that is not an image', async () => {
    const before = await userCount();
    const res = await register(form(valid(), Buffer.from('<svg onload="alert(1)"/>')));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose a JPEG, PNG, WebP, GIF or AVIF image');
    expect(await userCount()).toBe(before);
  });

  it('refuses a taken email with a clear 409, whatever its case', async () => {
    const fields = valid();
    expect((await register(form(fields))).statusCode).toBe(201);
    const again = await register(form({ ...fields, email: fields.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'conflict',
      message: 'An account with this email already exists. Log in instead.',
    });
  });

  it('refuses a request that is not multipart', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: valid() });
    expect(res.statusCode).toBe(415);
  });

  it('limits new accounts per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await register(form(valid()), '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('PATCH /api/users/me', () => {
  async function registered() {
    const res = await register(form(valid()));
    const cookie = [res.headers['set-cookie']]
      .flat()
      .map((c) => String(c).split(';')[0])
      .join('; ');
    return { cookie, user: res.json().user };
  }
  const patch = (payload: FormData, cookie?: string) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      payload,
      headers: cookie ? { cookie } : {},
    });

  it('changes the name and keeps the photo when none is sent', async () => {
    const { cookie, user } = await registered();
    const res = await patch(form({ name: 'Nadia R.' }, null), cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Nadia R.',
      photoURL: user.photoURL,
      email: user.email,
    });
  });

  it('replaces the photo when one is sent', async () => {
    const { cookie, user } = await registered();
    const other = await sharp({
      create: { width: 30, height: 20, channels: 3, background: '#993311' },
    })
      .jpeg()
      .toBuffer();
    const res = await patch(form({ name: 'Nadia' }, other), cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().photoURL).not.toBe(user.photoURL);
  });

  it('refuses an empty name and an email change, changing nothing', async () => {
    const { cookie, user } = await registered();
    const empty = await patch(form({ name: '' }, null), cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Name is required');
    const email = await patch(form({ name: 'X', email: 'other@example.com' }, null), cookie);
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toBe('Email cannot be changed');
    const row = await t.database.handle.db
      .selectFrom('user')
      .select(['name', 'email'])
      .where('id', '=', user._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: user.name, email: user.email });
  });

  it('refuses a guest with 401', async () => {
    const res = await patch(form({ name: 'Guest' }, null));
    expect(res.statusCode).toBe(401);
  });
});
