import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { consumeAttempt } from '#server/rate-limit/attempts';
import { signUp } from '#server/test/auth';
import {
  animatedGif,
  avif,
  cameraJpeg,
  gifHtmlPolyglot,
  html,
  jpegWithScript,
  multipartBody,
  pdf,
  pngBomb,
  sixMegabytes,
  svgWithScript,
  transparentPng,
  unannounced,
  webp,
  wideJpeg,
  type FilePart,
} from '#server/test/image-fixtures';
import { imagePeers, type ImagePeer } from '#server/test/image-peers';
import { rateLimits } from '#shared/rules/limits';
import { imageMessages } from './limits.js';

const accepted = [
  {
    name: 'a camera JPEG',
    file: 'IMG_0001.JPG',
    type: 'image/jpeg',
    make: cameraJpeg,
    size: [200, 300],
  },
  { name: 'a PNG', file: 'logo.png', type: 'image/png', make: transparentPng, size: [64, 64] },
  { name: 'a WebP', file: 'photo.webp', type: 'image/webp', make: webp, size: [120, 80] },
  { name: 'a GIF', file: 'anim.gif', type: 'image/gif', make: animatedGif, size: [40, 30] },
  { name: 'an AVIF', file: 'photo.avif', type: 'image/avif', make: avif, size: [64, 48] },
  {
    name: 'a 3000 px JPEG',
    file: 'wide.jpg',
    type: 'image/jpeg',
    make: wideJpeg,
    size: [1600, 533],
  },
  // The type comes from the bytes, whatever the name and Content-Type say.
  {
    name: 'a PNG named .svg',
    file: 'x.svg',
    type: 'image/svg+xml',
    make: transparentPng,
    size: [64, 64],
  },
  {
    name: 'a JPEG with a script appended',
    file: 'a.jpg',
    type: 'image/jpeg',
    make: jpegWithScript,
    size: [32, 32],
  },
];

const typeRefused = { status: 400, error: 'bad_request', message: imageMessages.type };
const refused = [
  {
    name: 'an SVG with a script',
    file: 'a.svg',
    type: 'image/svg+xml',
    make: svgWithScript,
    ...typeRefused,
  },
  {
    name: 'an HTML file named .jpg',
    file: 'cat.jpg',
    type: 'image/jpeg',
    make: html,
    ...typeRefused,
  },
  { name: 'a PDF', file: 'doc.pdf', type: 'application/pdf', make: pdf, ...typeRefused },
  {
    name: 'a GIF/HTML polyglot',
    file: 'a.gif',
    type: 'image/gif',
    make: gifHtmlPolyglot,
    ...typeRefused,
  },
  {
    name: 'an empty file',
    file: 'a.png',
    type: 'image/png',
    make: () => Buffer.alloc(0),
    status: 400,
    error: 'bad_request',
    message: imageMessages.empty,
  },
  {
    name: 'a 6 MB file',
    file: 'big.jpg',
    type: 'image/jpeg',
    make: sixMegabytes,
    status: 413,
    error: 'payload_too_large',
    message: imageMessages.tooLarge,
  },
  {
    name: 'a 20000×20000 PNG bomb',
    file: 'bomb.png',
    type: 'image/png',
    make: pngBomb,
    status: 413,
    error: 'payload_too_large',
    message: imageMessages.tooManyPixels,
  },
];

describe.each(imagePeers)('POST /api/images with the $name store', ({ start }) => {
  let peer: ImagePeer;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    peer = await start();
    t = await createTestApp({ images: peer.images });
    ({ cookie } = await signUp(t.app));
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  async function upload(files: FilePart[], fields?: Record<string, string>, asCookie = cookie) {
    const { payload, headers } = await multipartBody(files, fields);
    return t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...headers, cookie: asCookie },
      payload,
    });
  }

  /** What the display URL serves: through the app when site-relative, else from the peer. */
  async function served(
    url: string,
  ): Promise<{ type: string | null; cache: string | null; bytes: Buffer }> {
    if (url.startsWith('/')) {
      const res = await t.app.inject({ method: 'GET', url });
      return {
        type: String(res.headers['content-type']),
        cache: String(res.headers['cache-control']),
        bytes: res.rawPayload,
      };
    }
    const res = await fetch(url);
    const bytes = Buffer.from(await res.arrayBuffer());
    return {
      type: res.headers.get('content-type'),
      cache: res.headers.get('cache-control'),
      bytes,
    };
  }

  async function expectNothingStored(send: () => Promise<{ statusCode: number; json(): unknown }>) {
    const before = await peer.storedCount(t.config.dataDir);
    const res = await send();
    expect(await peer.storedCount(t.config.dataDir)).toBe(before);
    return res;
  }

  it.each(accepted)('stores $name re-encoded as WebP', async ({ file, type, make, size }) => {
    const res = await upload([{ bytes: await make(), filename: file, type }]);
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: { display_url: string; width: number; height: number } }>();
    expect([data.width, data.height]).toEqual(size);

    const image = await served(data.display_url);
    expect(image.type).toBe('image/webp');
    const meta = await sharp(image.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', ...size, undefined]);
    expect(image.bytes.includes('<script')).toBe(false);
  });

  it('names files by their content, never by what the user sent', async () => {
    const bytes = await webp();
    const first = await upload([{ bytes, filename: '../../etc/passwd.webp', type: 'image/webp' }]);
    const second = await upload([{ bytes, filename: 'other.webp', type: 'image/webp' }]);
    const url = first.json<{ data: { display_url: string } }>().data.display_url;
    expect(url).not.toMatch(/passwd|etc|other/);
    if (peer.name !== 'imgbb') {
      expect(url).toMatch(/\/[0-9a-f]{32}\.webp$/);
      expect(second.json()).toEqual(first.json());
    }
  });

  it.each(refused)('refuses $name with $status and stores nothing', async (sample) => {
    const res = await expectNothingStored(async () =>
      upload([{ bytes: await sample.make(), filename: sample.file, type: sample.type }]),
    );
    expect(res.statusCode).toBe(sample.status);
    expect(res.json()).toEqual({ error: sample.error, message: sample.message });
  });

  it('refuses a file that passes 5 MB while streaming, with no Content-Length', async () => {
    const { payload, headers } = await multipartBody([
      { bytes: sixMegabytes(), filename: 'big.jpg', type: 'image/jpeg' },
    ]);
    const res = await expectNothingStored(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/images',
        headers: { ...headers, cookie },
        payload: unannounced(payload),
      }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'payload_too_large', message: imageMessages.tooLarge });
  });

  it('limits how many images one user uploads in an hour', async () => {
    const heavy = await signUp(t.app);
    // 100 uploads made earlier this hour, counted as the route counts them.
    for (let i = 0; i < 100; i += 1) {
      await consumeAttempt(t.database.handle.db, 'image', heavy.user.id, rateLimits.images);
    }
    const res = await expectNothingStored(async () =>
      upload([{ bytes: await webp(), filename: 'a.webp', type: 'image/webp' }], {}, heavy.cookie),
    );
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: 'rate_limited' });
    expect(JSON.stringify(res.json())).toMatch(/uploaded many images in the last hour/);
  });

  it('refuses a guest with 401 and stores nothing', async () => {
    const res = await expectNothingStored(async () =>
      upload([{ bytes: await webp(), filename: 'a.webp', type: 'image/webp' }], {}, ''),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('refuses a form with no file', async () => {
    const res = await expectNothingStored(() => upload([], { title: 'no image here' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: imageMessages.missing });
  });

  it('refuses a file sent in another field', async () => {
    const res = await expectNothingStored(async () =>
      upload([{ field: 'photo', bytes: await webp(), filename: 'a.webp', type: 'image/webp' }]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: imageMessages.field });
  });

  it('refuses a body that is not well-formed multipart', async () => {
    const res = await expectNothingStored(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/images',
        headers: { cookie, 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nab',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: imageMessages.notMultipart });
  });

  it('refuses a body that is not multipart', async () => {
    const res = await expectNothingStored(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/images',
        headers: { cookie },
        payload: { image: 'https://example.com/cat.jpg' },
      }),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: 'unsupported_media_type',
      message: imageMessages.notMultipart,
    });
  });
});
