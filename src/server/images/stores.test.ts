import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp } from '#server/test/auth';
import { multipartBody, webp } from '#server/test/image-fixtures';
import { imgbbKey, s3Bucket, startImgbbPeer, startS3Peer } from '#server/test/image-peers';
import { ImgbbImageStore } from './imgbb-store.js';
import { imageMessages } from './limits.js';
import { LocalImageStore } from './local-store.js';
import { S3ImageStore } from './s3-store.js';

const bytes = Buffer.from('stand-in for encoded image bytes');

describe('LocalImageStore', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tribune-local-store-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes one content-addressed file and no temporary one', async () => {
    const store = new LocalImageStore(dir);
    const url = await store.put(bytes, 'webp');
    expect(await store.put(bytes, 'webp')).toBe(url);
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(await readdir(dir)).toEqual([url.slice('/uploads/'.length)]);
  });

  it('owns only the content-addressed URLs it answers', async () => {
    const store = new LocalImageStore(dir);
    expect(store.owns(await store.put(bytes, 'jpeg'))).toBe(true);
    for (const url of [
      'https://evil.example/uploads/0123456789abcdef0123456789abcdef.webp',
      '/uploads/../secret.webp',
      '/uploads/0123456789abcdef0123456789abcdef.svg',
      '/uploads/0123456789ABCDEF0123456789abcdef.webp',
      '/uploads/0123456789abcdef0123456789abcdef.webp?x=1',
      '//evil.example/uploads/0123456789abcdef0123456789abcdef.webp',
    ]) {
      expect(store.owns(url), url).toBe(false);
    }
  });
});

describe('S3ImageStore', () => {
  let peer: Awaited<ReturnType<typeof startS3Peer>>;
  beforeAll(async () => {
    peer = await startS3Peer();
  });
  afterAll(() => peer.close());

  it('puts the object with its type and a year of immutable caching, under the public URL', async () => {
    if (peer.images.kind !== 's3') throw new Error('an S3 peer');
    const url = await new S3ImageStore(peer.images).put(bytes, 'jpeg');
    const key = url.slice(`${peer.images.publicUrl}/`.length);
    expect(key).toMatch(/^[0-9a-f]{32}\.jpg$/);
    const head = await peer.client.send(new HeadObjectCommand({ Bucket: s3Bucket, Key: key }));
    expect(head.ContentType).toBe('image/jpeg');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await (await fetch(url)).arrayBuffer())).toEqual(bytes);
  });

  it('owns only content-addressed keys under its public URL', async () => {
    if (peer.images.kind !== 's3') throw new Error('an S3 peer');
    const store = new S3ImageStore(peer.images);
    const url = await store.put(bytes, 'webp');
    expect(store.owns(url)).toBe(true);
    const key = url.slice(`${peer.images.publicUrl}/`.length);
    expect(store.owns(`https://evil.example/${key}`)).toBe(false);
    expect(store.owns(`${peer.images.publicUrl}.evil.example/${key}`)).toBe(false);
    expect(store.owns(`${peer.images.publicUrl}/other/${key}`)).toBe(false);
  });
});

describe('ImgbbImageStore', () => {
  let peer: Awaited<ReturnType<typeof startImgbbPeer>>;
  beforeAll(async () => {
    peer = await startImgbbPeer();
  });
  afterAll(() => peer.close());

  it('uploads the bytes in the field image, with the key, and answers display_url', async () => {
    if (peer.images.kind !== 'imgbb') throw new Error('an imgbb peer');
    const url = await new ImgbbImageStore(peer.images).put(bytes, 'webp');
    expect(peer.uploads.at(-1)).toEqual({ bytes, contentType: 'image/webp' });
    expect(Buffer.from(await (await fetch(url)).arrayBuffer())).toEqual(bytes);
  });

  it('fails with imgbb’s reason and without the key when the key is wrong', async () => {
    if (peer.images.kind !== 'imgbb') throw new Error('an imgbb peer');
    const store = new ImgbbImageStore({ ...peer.images, apiKey: 'wrong-key' });
    const error = await store.put(bytes, 'webp').catch((err: unknown) => err);
    expect(String(error)).toContain('Invalid API v1 key.');
    expect(String(error)).not.toContain('wrong-key');
  });

  it('owns https URLs on ibb.co hosts only', () => {
    if (peer.images.kind !== 'imgbb') throw new Error('an imgbb peer');
    const store = new ImgbbImageStore(peer.images);
    expect(store.owns('https://i.ibb.co/abc123/photo.webp')).toBe(true);
    for (const url of [
      'http://i.ibb.co/abc123/photo.webp',
      'https://i.ibb.co.evil.example/photo.webp',
      'https://notibb.co/photo.webp',
      '/uploads/0123456789abcdef0123456789abcdef.webp',
      'not a url',
    ]) {
      expect(store.owns(url), url).toBe(false);
    }
  });
});

describe('when the store fails', () => {
  let peer: Awaited<ReturnType<typeof startImgbbPeer>>;
  let t: TestApp;
  beforeAll(async () => {
    peer = await startImgbbPeer();
    t = await createTestApp({ images: peer.images });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('POST /api/images answers 503 and never shows the key', async () => {
    const { cookie } = await signUp(t.app);
    peer.failWith(500);
    const { payload, headers } = await multipartBody([
      { bytes: await webp(), filename: 'a.webp', type: 'image/webp' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...headers, cookie },
      payload,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'unavailable', message: imageMessages.storeFailed });
    expect(res.body).not.toContain(imgbbKey);
    expect(peer.uploads).toEqual([]);
  });
});
