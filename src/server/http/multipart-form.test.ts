import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageFileMessages } from '#shared/images';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp, type TestUser } from '#server/test/auth';
import { sixMegabytes, unannounced } from '#server/test/image-fixtures';
import { rateLimits } from '#shared/rules/limits';
import { profileUpdateLimitMessage } from '#server/users/routes';
import { formTooLarge } from './multipart-form.js';

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

const megabyte = 'x'.repeat(1024 * 1024);

async function body(fields: [string, string][], file: Buffer | null = photo, fileField = 'photo') {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  if (file)
    form.append(fileField, new Blob([new Uint8Array(file)], { type: 'image/png' }), 'a.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

function registration(overrides: Record<string, string> = {}): [string, string][] {
  counter += 1;
  return Object.entries({
    name: 'Nadia Reader',
    email: `form${counter}@example.com`,
    password: 'Secret1',
    ...overrides,
  });
}

let address = 0;
async function register(
  fields: [string, string][],
  file: Buffer | null = photo,
  fileField?: string,
) {
  const { payload, headers } = await body(fields, file, fileField);
  address += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload,
    headers,
    remoteAddress: `10.80.${Math.floor(address / 250)}.${address % 250}`,
  });
}

async function patchProfile(
  user: TestUser,
  fields: [string, string][],
  file: Buffer | null = null,
) {
  const { payload, headers } = await body(fields, file);
  return t.app.inject({
    method: 'PATCH',
    url: '/api/users/me',
    payload,
    headers: { ...headers, cookie: user.cookie },
  });
}

const userCount = async () =>
  Number(
    (
      await t.database.handle.db
        .selectFrom('user')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const storedFiles = () => {
  try {
    return readdirSync(path.join(t.config.dataDir, 'uploads')).filter((f) => !f.startsWith('.'))
      .length;
  } catch {
    return 0;
  }
};
const nameOf = async (user: TestUser) =>
  (
    await t.database.handle.db
      .selectFrom('user')
      .select('name')
      .where('id', '=', user.user.id)
      .executeTakeFirstOrThrow()
  ).name;

describe('POST /api/register reads only what its form needs', () => {
  const tooLong: [string, Record<string, string>, string][] = [
    [
      'a name of 81 characters',
      { name: 'n'.repeat(81) },
      'Name must be at most 80 characters long',
    ],
    ['a name of 1 MB', { name: megabyte }, 'Name must be at most 80 characters long'],
    ['an email of 1 MB', { email: `${megabyte}@example.com` }, 'Not a valid email'],
    [
      'a password of 129 characters',
      { password: `Aa${'1'.repeat(127)}` },
      'Password must be at most 128 characters long',
    ],
    ['an ignored field of 1 MB', { bio: megabyte }, 'The field bio is too long'],
  ];
  for (const [what, overrides, message] of tooLong) {
    it(`refuses ${what} with 400 and creates nothing`, async () => {
      const before = { users: await userCount(), files: storedFiles() };
      const res = await register(registration(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'bad_request', message });
      expect(await userCount()).toBe(before.users);
      expect(storedFiles()).toBe(before.files);
    });
  }

  it('takes a name of 80 characters, in any script', async () => {
    const res = await register(registration({ name: '中'.repeat(80) }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user.name).toBe('中'.repeat(80));
  });

  it('refuses more fields than the form has, beyond a few ignored ones', async () => {
    const before = await userCount();
    const extras: [string, string][] = Array.from({ length: 5 }, (_, i) => [`extra${i}`, 'x']);
    const res = await register([...registration(), ...extras]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: 'This form takes only the fields name, email, password, photo',
    });
    expect(await userCount()).toBe(before);
  });

  it('refuses 20 fields of 1 MB at the first one, without reading the rest', async () => {
    // The body never ends: only a server that stops at the first excess can answer.
    const { payload, headers } = await body(
      Array.from({ length: 20 }, (_, i) => [i === 0 ? 'name' : `field${i}`, megabyte]),
      null,
    );
    const stream = new PassThrough();
    stream.write(payload.subarray(0, 3 * 1024 * 1024));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: stream,
      headers,
      remoteAddress: '10.81.0.1',
    });
    stream.destroy();
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Name must be at most 80 characters long');
  });

  it('refuses a body announced larger than the form can be, before reading it', async () => {
    const { payload, headers } = await body(registration());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: new PassThrough().end(payload.subarray(0, 100)),
      headers: { ...headers, 'content-length': String(20 * 1024 * 1024) },
      remoteAddress: '10.81.0.2',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'payload_too_large', message: formTooLarge });
  });

  it('refuses a photo over 5 MB with 413, announced or not', async () => {
    const before = await userCount();
    const res = await register(registration(), sixMegabytes());
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'payload_too_large', message: formTooLarge });
    const { payload, headers } = await body(registration(), sixMegabytes());
    const streamed = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: unannounced(payload),
      headers,
      remoteAddress: '10.81.0.3',
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().message).toBe(imageFileMessages.tooLarge);
    expect(await userCount()).toBe(before);
  });

  it('names the field a photo must be sent in', async () => {
    const res = await register(registration(), photo, 'avatar');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: 'Send the image in a form field named photo',
    });
  });
});

describe('PATCH /api/users/me reads only what its form needs', () => {
  it('refuses a long name with 400 and changes nothing', async () => {
    const user = await signUp(t.app, { name: 'Before' });
    for (const name of ['n'.repeat(81), megabyte]) {
      const res = await patchProfile(user, [['name', name]]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'bad_request',
        message: 'Name must be at most 80 characters long',
      });
    }
    expect(await nameOf(user)).toBe('Before');
  });

  it('refuses 20 fields of 1 MB, announced (413) or not (400), and changes nothing', async () => {
    const user = await signUp(t.app, { name: 'Before' });
    const fields: [string, string][] = Array.from({ length: 20 }, (_, i) => [`f${i}`, megabyte]);
    const announced = await patchProfile(user, [['name', 'After'], ...fields]);
    expect(announced.statusCode).toBe(413);
    expect(announced.json()).toEqual({ error: 'payload_too_large', message: formTooLarge });
    const { payload, headers } = await body([['name', 'After'], ...fields], null);
    const streamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      payload: unannounced(payload),
      headers: { ...headers, cookie: user.cookie },
    });
    expect(streamed.statusCode).toBe(400);
    expect(streamed.json()).toEqual({
      error: 'bad_request',
      message: 'The field f0 is too long',
    });
    expect(await nameOf(user)).toBe('Before');
  });

  it('refuses too many fields with 400 and changes nothing', async () => {
    const user = await signUp(t.app, { name: 'Before' });
    // name and email, and four ignored fields: a seventh is one too many.
    const extras: [string, string][] = Array.from({ length: 6 }, (_, i) => [`extra${i}`, 'x']);
    const res = await patchProfile(user, [['name', 'After'], ...extras]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: 'This form takes only the fields name, email, photo',
    });
    expect(await nameOf(user)).toBe('Before');
  });

  it(`allows ${rateLimits.profileUpdates.max} updates an hour per user, then 429 changing nothing`, async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < rateLimits.profileUpdates.max; i += 1) {
      expect((await patchProfile(user, [['name', `Name ${i}`]])).statusCode).toBe(200);
    }
    const refused = await patchProfile(user, [['name', 'One too many']]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'rate_limited', message: profileUpdateLimitMessage });
    expect(await nameOf(user)).toBe(`Name ${rateLimits.profileUpdates.max - 1}`);
    // Another user is not affected.
    const other = await signUp(t.app);
    expect((await patchProfile(other, [['name', 'Fine']])).statusCode).toBe(200);
  });
});

describe('routes that read no form', () => {
  it('refuse a multipart body with 415 and change nothing', async () => {
    const user = await signUp(t.app);
    const { payload, headers } = await body(
      [
        ['title', 'A title long enough'],
        ['description', 'Text. '.repeat(40)],
      ],
      null,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      payload,
      headers: { ...headers, cookie: user.cookie },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: 'unsupported_media_type' });
    const written = await t.app.database.db
      .selectFrom('article')
      .select('id')
      .where('authorId', '=', user.user.id)
      .execute();
    expect(written).toEqual([]);
  });
});
