import { existsSync } from 'node:fs';
import { plainTextToBody } from '#shared/article-body/plain-text';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sweepBatchSize } from '#server/jobs/batches';
import { createTestApp, type TestApp } from '#server/test/app';
import { signUp, type TestUser } from '#server/test/auth';
import { createTestClock, type TestClock } from '#server/test/clock';
import { createArticle, createPublisher } from '#server/test/factories';
import { multipartBody } from '#server/test/image-fixtures';
import { imagePeers, startImgbbPeer, type ImagePeer } from '#server/test/image-peers';

const hour = 60 * 60 * 1000;
let shade = 0;

/** A small PNG no other here makes: its size is its own, so its stored name is too. */
function distinctPng(): Promise<Buffer> {
  shade += 1;
  return sharp({
    create: { width: 10 + shade, height: 10, channels: 3, background: '#2a6f4d' },
  })
    .png()
    .toBuffer();
}

// The stores that can delete: local disk and S3 (s3rver).
for (const { name, start } of imagePeers.filter((p) => p.name !== 'imgbb')) {
  describe(`sweeping unused images (${name} store)`, () => {
    let peer: ImagePeer;
    let t: TestApp;
    let clock: TestClock;
    let user: TestUser;

    beforeAll(async () => {
      peer = await start();
      clock = createTestClock();
      t = await createTestApp({ images: peer.images, sweepIntervalMs: 20 }, { clock: clock.now });
      user = await signUp(t.app);
    });
    afterAll(async () => {
      await t?.close();
      await peer?.close();
    });

    async function upload(): Promise<string> {
      const { payload, headers } = await multipartBody([
        { bytes: await distinctPng(), filename: 'a.png', type: 'image/png' },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/images',
        payload,
        headers: { ...headers, cookie: user.cookie },
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ data: { display_url: string } }>().data.display_url;
    }

    async function newProfilePhoto(): Promise<string> {
      const { payload, headers } = await multipartBody(
        [{ field: 'photo', bytes: await distinctPng(), filename: 'me.png', type: 'image/png' }],
        { name: 'Photographer' },
      );
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/users/me',
        payload,
        headers: { ...headers, cookie: user.cookie },
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ photoURL: string }>().photoURL;
    }

    /** Whether the store still holds the image shown at `url`. */
    async function held(url: string): Promise<boolean> {
      if (url.startsWith('/uploads/')) {
        return existsSync(path.join(t.config.dataDir, 'uploads', url.slice(9)));
      }
      return (await fetch(url)).status === 200;
    }
    const recorded = async (url: string) =>
      (await t.database.handle.db
        .selectFrom('storedImage')
        .select('url')
        .where('url', '=', url)
        .executeTakeFirst()) !== undefined;

    /** Lets the sweeper go round a few times (it runs every 20 ms). */
    const severalRuns = () => new Promise((resolve) => setTimeout(resolve, 300));

    it('deletes an image nothing refers to after a day, and keeps every image in use', async () => {
      const unused = await upload();
      const photo = await newProfilePhoto();
      const articleImage = await upload();
      await createArticle(t.database.handle.db, user.user.id, { image: articleImage });
      const logo = await upload();
      await createPublisher(t.database.handle.db, { logo });
      // An author's edit awaiting review keeps its new image.
      const revisionImage = await upload();
      const live = await createArticle(t.database.handle.db, user.user.id);
      await t.database.handle.db
        .insertInto('articleRevision')
        .values({
          articleId: live.id,
          title: 'An edit',
          image: revisionImage,
          publisherId: live.publisherId,
          body: JSON.stringify(plainTextToBody('The new text.')),
          description: 'The new text.',
          tags: 'politics',
          submittedAt: clock.now().toISOString(),
        })
        .execute();
      for (const url of [unused, photo, articleImage, logo, revisionImage]) {
        expect(await held(url)).toBe(true);
        expect(await recorded(url)).toBe(true);
      }

      clock.advance(23 * hour);
      await severalRuns();
      expect(await held(unused)).toBe(true);

      clock.advance(2 * hour);
      // The file goes first, then its record: wait for both.
      await vi.waitFor(
        async () => {
          expect(await held(unused)).toBe(false);
          expect(await recorded(unused)).toBe(false);
        },
        { timeout: 10_000 },
      );
      for (const url of [photo, articleImage, logo, revisionImage]) {
        expect(await held(url)).toBe(true);
      }
    });

    it('deletes a photo once it is replaced, and an article’s image once the article is gone', async () => {
      const oldPhoto = await newProfilePhoto();
      const articleImage = await upload();
      const article = await createArticle(t.database.handle.db, user.user.id, {
        image: articleImage,
      });
      clock.advance(25 * hour);
      await severalRuns();
      expect(await held(oldPhoto)).toBe(true);
      expect(await held(articleImage)).toBe(true);

      const newPhoto = await newProfilePhoto();
      await t.database.handle.db.deleteFrom('article').where('id', '=', article.id).execute();
      await vi.waitFor(
        async () => {
          expect(await held(oldPhoto)).toBe(false);
          expect(await held(articleImage)).toBe(false);
        },
        { timeout: 10_000 },
      );
      expect(await held(newPhoto)).toBe(true);
    });

    it('counts a day from the last time the same image was stored', async () => {
      const bytes = await distinctPng();
      const send = async () => {
        const { payload, headers } = await multipartBody([
          { bytes, filename: 'same.png', type: 'image/png' },
        ]);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/images',
          payload,
          headers: { ...headers, cookie: user.cookie },
        });
        return res.json<{ data: { display_url: string } }>().data.display_url;
      };
      const url = await send();
      clock.advance(23 * hour);
      expect(await send()).toBe(url);
      clock.advance(2 * hour);
      await severalRuns();
      expect(await held(url)).toBe(true);
      clock.advance(23 * hour);
      await vi.waitFor(async () => expect(await held(url)).toBe(false), { timeout: 10_000 });
    });
  });
}

describe('sweeping many unused images', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ sweepIntervalMs: 20 });
  });
  afterAll(() => t.close());

  it(`goes through them ${sweepBatchSize} at a time, keeping those in use`, async () => {
    const db = t.database.handle.db;
    const twoDaysAgo = new Date(Date.now() - 48 * hour).toISOString();
    const count = sweepBatchSize * 2 + 500;
    const url = (i: number) => `/uploads/${i.toString(16).padStart(32, '0')}.webp`;
    // The article first: the sweeper runs every 20 ms, and an image nobody uses yet is fair game.
    const author = await signUp(t.app);
    await createArticle(db, author.user.id, { image: url(1234) });
    for (let start = 0; start < count; start += 500) {
      await db
        .insertInto('storedImage')
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            url: url(start + i),
            store: 'local' as const,
            storedAt: twoDaysAgo,
          })),
        )
        .execute();
    }

    await vi.waitFor(
      async () => {
        const left = await db.selectFrom('storedImage').select('url').execute();
        expect(left).toEqual([{ url: url(1234) }]);
      },
      { timeout: 15_000, interval: 50 },
    );
  });
});

describe('imgbb', () => {
  it('records nothing to sweep: its API cannot delete', async () => {
    const peer = await startImgbbPeer();
    const t = await createTestApp({ images: peer.images, sweepIntervalMs: 20 });
    try {
      const user = await signUp(t.app);
      const { payload, headers } = await multipartBody([
        { bytes: await distinctPng(), filename: 'a.png', type: 'image/png' },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/images',
        payload,
        headers: { ...headers, cookie: user.cookie },
      });
      expect(res.statusCode).toBe(200);
      const rows = await t.database.handle.db.selectFrom('storedImage').select('url').execute();
      expect(rows).toEqual([]);
    } finally {
      await t.close();
      await peer.close();
    }
  });
});
