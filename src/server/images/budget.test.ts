import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeAttempt } from '#server/rate-limit/attempts';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp, type TestUser } from '#server/test/auth';
import { multipartBody, transparentPng, webp } from '#server/test/image-fixtures';
import { rateLimits } from '#shared/rules/limits';
import { imageMessages } from './limits.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stored = () =>
  readdirSync(path.join(t.config.dataDir, 'uploads'), { withFileTypes: true }).filter((f) =>
    f.isFile(),
  ).length;

async function upload(user: TestUser, bytes: Buffer) {
  const { payload, headers } = await multipartBody([
    { bytes, filename: 'a.webp', type: 'image/webp' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/images',
    payload,
    headers: { ...headers, cookie: user.cookie },
  });
}

async function profilePhoto(user: TestUser, bytes: Buffer, name = 'With photo') {
  const { payload, headers } = await multipartBody(
    [{ field: 'photo', bytes, filename: 'me.png', type: 'image/png' }],
    { name },
  );
  return t.app.inject({
    method: 'PATCH',
    url: '/api/users/me',
    payload,
    headers: { ...headers, cookie: user.cookie },
  });
}

const record = (user: TestUser) =>
  t.database.handle.db
    .selectFrom('user')
    .select(['name', 'image'])
    .where('id', '=', user.user.id)
    .executeTakeFirstOrThrow();

describe('one image budget per user, on every route', () => {
  it('counts profile photos and uploads together, and refuses both once spent', async () => {
    const user = await signUp(t.app, { name: 'Budget' });
    // Images made earlier this hour through POST /api/images, counted as the route counts them.
    for (let i = 0; i < rateLimits.images.max - 2; i += 1) {
      await consumeAttempt(t.database.handle.db, 'image', user.user.id, rateLimits.images);
    }
    expect((await upload(user, await webp())).statusCode).toBe(200);
    expect((await profilePhoto(user, await transparentPng())).statusCode).toBe(200);
    const before = { files: stored(), record: await record(user) };

    const refusedUpload = await upload(user, await webp());
    expect(refusedUpload.statusCode).toBe(429);
    expect(refusedUpload.json()).toEqual({
      error: 'rate_limited',
      message: imageMessages.tooManyImages,
    });
    const refusedPhoto = await profilePhoto(user, await transparentPng(), 'New name');
    expect(refusedPhoto.statusCode).toBe(429);
    expect(refusedPhoto.json()).toEqual({
      error: 'rate_limited',
      message: imageMessages.tooManyImages,
    });
    expect(stored()).toBe(before.files);
    expect(await record(user)).toEqual(before.record);

    // A profile update that makes no image is not an image.
    const form = await multipartBody([], { name: 'Still me' });
    const nameOnly = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      payload: form.payload,
      headers: { ...form.headers, cookie: user.cookie },
    });
    expect(nameOnly.statusCode).toBe(200);
    // Another user's budget is their own.
    const other = await signUp(t.app);
    expect((await profilePhoto(other, await transparentPng())).statusCode).toBe(200);
  });
});
