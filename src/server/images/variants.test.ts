import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserRecord } from '#shared/accounts';
import type { UserListItem } from '#shared/api/users';
import type { Article } from '#shared/articles';
import type { ArticleReading } from '#shared/pages';
import type { Publisher } from '#shared/publisher';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createTestClock, type TestClock } from '#server/test/clock';
import { createArticle, createPublisher } from '#server/test/factories';
import { multipartBody } from '#server/test/image-fixtures';
import { imagePeers, type ImagePeer } from '#server/test/image-peers';
import { processImage } from './process.js';
import { recordVariants } from './variants.js';
import { backfillVariants, newBackfillCursor } from './variants-backfill.js';

const day = 24 * 60 * 60 * 1000;
let shade = 0;

/** A JPEG of `width` × width/2 pixels no other test makes (its noise is its own). */
function distinctJpeg(width: number): Promise<Buffer> {
  shade += 1;
  return sharp({
    create: {
      width,
      height: width / 2,
      channels: 3,
      background: { r: shade % 256, g: 90, b: 140 },
      noise: { type: 'gaussian', mean: 100 + (shade % 50), sigma: 20 },
    },
  })
    .jpeg()
    .toBuffer();
}

/** The srcset's entries as [url, width] pairs. */
function entries(srcset: string | null): [string, number][] {
  return (srcset ?? '').split(', ').map((entry) => {
    const [url = '', width = ''] = entry.split(' ');
    return [url, Number(width.replace(/w$/, ''))];
  });
}

describe('processImage makes narrower variants', () => {
  it('at 160, 400, 800 and 1200 px below a 1600 px image, from the same upright pixels', async () => {
    const out = await processImage(await distinctJpeg(3000));
    expect(out.width).toBe(1600);
    expect(out.variants.map((variant) => variant.width)).toEqual([160, 400, 800, 1200]);
    for (const variant of out.variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        'webp',
        variant.width,
        variant.width / 2,
      ]);
      expect(meta.exif).toBeUndefined();
    }
  });

  it('only below the image’s own width, and none for an image narrower than 160 px', async () => {
    expect((await processImage(await distinctJpeg(900))).variants.map((v) => v.width)).toEqual([
      160, 400, 800,
    ]);
    expect((await processImage(await distinctJpeg(300))).variants.map((v) => v.width)).toEqual([
      160,
    ]);
    expect((await processImage(await distinctJpeg(150))).variants).toEqual([]);
  });
});

for (const { name, start } of imagePeers) {
  describe(`image variants in the ${name} store`, () => {
    let peer: ImagePeer;
    let t: TestApp;
    let clock: TestClock;
    let author: TestUser;

    beforeAll(async () => {
      peer = await start();
      clock = createTestClock();
      t = await createTestApp({ images: peer.images, sweepIntervalMs: 20 }, { clock: clock.now });
      author = await signUp(t.app);
    });
    afterAll(async () => {
      await t?.close();
      await peer?.close();
    });

    async function upload(bytes: Buffer): Promise<string> {
      const { payload, headers } = await multipartBody([
        { bytes, filename: 'photo.jpg', type: 'image/jpeg' },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/images',
        payload,
        headers: { ...headers, cookie: author.cookie },
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ data: { display_url: string } }>().data.display_url;
    }

    async function articleJson(id: number): Promise<Article> {
      const res = await t.app.inject({ method: 'GET', url: `/api/articledetail/${id}` });
      expect(res.statusCode).toBe(200);
      return res.json<Article>();
    }

    /** The picture's size the article page reads (null when none was recorded). */
    async function readingImage(id: number): Promise<ArticleReading['image']> {
      const res = await t.app.inject({ method: 'GET', url: `/api/articles/${id}/reading` });
      expect(res.statusCode).toBe(200);
      return res.json<ArticleReading>().image;
    }

    /** The bytes shown at `url`: from the app for the local store, else from the peer. */
    async function shown(url: string): Promise<Buffer | undefined> {
      if (url.startsWith('/uploads/')) {
        const res = await t.app.inject({ method: 'GET', url });
        return res.statusCode === 200 ? res.rawPayload : undefined;
      }
      const res = await fetch(url);
      return res.ok ? Buffer.from(await res.arrayBuffer()) : undefined;
    }

    it('stores them at upload, and an article answers them as a srcset that the store serves', async () => {
      const image = await upload(await distinctJpeg(2000));
      const { id } = await createArticle(t.database.handle.db, author.user.id, { image });

      const article = await articleJson(id);
      const srcset = entries(article.imageSrcset);
      expect(srcset.map(([, width]) => width)).toEqual([160, 400, 800, 1200, 1600]);
      expect(srcset.at(-1)?.[0]).toBe(image);
      for (const [url, width] of srcset) {
        const bytes = await shown(url);
        expect(bytes, url).toBeDefined();
        expect((await sharp(bytes).metadata()).width).toBe(width);
      }
      // The lists carry it too.
      const list = await t.app.inject({ method: 'GET', url: '/api/articles?limit=50' });
      const listed = list.json<Article[]>().find((entry) => entry._id === String(id));
      expect(listed?.imageSrcset).toBe(article.imageSrcset);
      // Each width's height is recorded as its file has it, and the page reads the picture's.
      const rows = await t.database.handle.db
        .selectFrom('imageVariant')
        .select(['url', 'height'])
        .where('image', '=', image)
        .execute();
      expect(rows).toHaveLength(5);
      for (const row of rows) {
        expect(row.height, row.url).toBe((await sharp(await shown(row.url)).metadata()).height);
      }
      expect(await readingImage(id)).toEqual({ width: 1600, height: 800 });
    });

    it('lists a publisher’s logo with its widths and its own size, for the home page', async () => {
      const logo = await upload(await distinctJpeg(600));
      // Added straight to the database: the test's imgbb stands in on an address that
      // POST /api/publisher would refuse as not imgbb's (admin.test.ts tests that route).
      await createPublisher(t.database.handle.db, { logo });
      const list = (await t.app.inject({ method: 'GET', url: '/api/publisher' })).json<
        Publisher[]
      >();
      const listed = list.find((publisher) => publisher.publisherLogo === logo);
      expect(listed?.publisherLogoSize).toEqual({ width: 600, height: 300 });
      const srcset = entries(listed?.publisherLogoSrcset ?? null);
      expect(srcset.map(([, width]) => width)).toEqual([160, 400, 600]);
      expect(srcset.at(-1)?.[0]).toBe(logo);
      for (const [url, width] of srcset) {
        expect((await sharp(await shown(url)).metadata()).width).toBe(width);
      }
    });

    it('answers an author’s photo with its widths, so the article page’s avatar fetches a small one', async () => {
      const writer = await signUp(t.app);
      const photo = await upload(await distinctJpeg(1200));
      // Set straight in the database, as the logo above: the profile route checks the address.
      await t.database.handle.db
        .updateTable('user')
        .set({ image: photo })
        .where('id', '=', writer.user.id)
        .execute();
      const { id } = await createArticle(t.database.handle.db, writer.user.id);

      const { author } = await articleJson(id);
      expect(author.photo).toBe(photo);
      const srcset = entries(author.photoSrcset);
      expect(srcset.map(([, width]) => width)).toEqual([160, 400, 800, 1200]);
      expect(srcset.at(-1)?.[0]).toBe(photo);
      expect((await sharp(await shown(srcset[0]?.[0] ?? '')).metadata()).width).toBe(160);
      // The lists carry it too (an admin's cards show the author).
      const list = await t.app.inject({ method: 'GET', url: '/api/articles?limit=50' });
      const listed = list.json<Article[]>().find((entry) => entry._id === String(id));
      expect(listed?.author.photoSrcset).toBe(author.photoSrcset);
      // The writer's own record (the header's avatar, the profile page) carries it too.
      const own = await t.app.inject({
        method: 'GET',
        url: `/api/users?email=${encodeURIComponent(writer.user.email)}`,
        headers: { cookie: writer.cookie },
      });
      expect(own.json<UserRecord>().photoSrcset).toBe(author.photoSrcset);
      // And the admin's table of users.
      const admin = await signUp(t.app);
      await makeAdmin(t.app, admin.user.id);
      const users = await t.app.inject({
        method: 'GET',
        url: '/api/users?limit=100',
        headers: { cookie: admin.cookie },
      });
      const row = users.json<UserListItem[]>().find((user) => user._id === writer.user.id);
      expect(row?.photoSrcset).toBe(author.photoSrcset);
    });

    if (name !== 'imgbb') {
      it('deletes the variants with their image once nothing uses it', async () => {
        const image = await upload(await distinctJpeg(1000));
        const rows = await t.database.handle.db
          .selectFrom('imageVariant')
          .select(['url', 'width'])
          .where('image', '=', image)
          .orderBy('width')
          .execute();
        expect(rows.map((row) => row.width)).toEqual([160, 400, 800, 1000]);
        for (const row of rows) expect(await shown(row.url)).toBeDefined();

        clock.advance(day + 60_000);
        // The sweeper deletes each file and then its row (a failed deletion leaves the row, to be
        // tried again): both are waited for.
        await vi.waitFor(
          async () => {
            for (const row of rows) expect(await shown(row.url), row.url).toBeUndefined();
            const left = await t.database.handle.db
              .selectFrom('imageVariant')
              .select('url')
              .where('image', '=', image)
              .execute();
            expect(left).toEqual([]);
          },
          { timeout: 10_000 },
        );
      });

      it('gives an image stored before variants existed its variants, once, and then stops', async () => {
        const db = t.database.handle.db;
        // Stored the way an older version did: the image alone, no variants recorded.
        const bytes = (await processImage(await distinctJpeg(1400))).bytes;
        const old = await t.app.images.put(bytes, 'webp');
        const { id } = await createArticle(db, author.user.id, { image: old });
        // An article whose image is gone from the store keeps its one width.
        const missing = await createArticle(db, author.user.id);
        expect((await articleJson(id)).imageSrcset).toBeNull();

        const store = {
          owns: (url: string) => t.app.images.owns(url),
          put: t.app.images.put.bind(t.app.images),
          read: t.app.images.read!.bind(t.app.images),
        };
        const listed = async () => {
          const list = await t.app.inject({ method: 'GET', url: '/api/articles?limit=50' });
          return list.json<Article[]>().find((entry) => entry._id === String(id))?.imageSrcset;
        };
        // The public list is kept without a srcset; the new variants invalidate it.
        expect(await listed()).toBeNull();

        const cursor = newBackfillCursor();
        expect(await backfillVariants(db, store, cursor)).toBe(1);
        expect(cursor.done).toBe(false);
        expect(await listed()).toBe((await articleJson(id)).imageSrcset);

        const srcset = entries((await articleJson(id)).imageSrcset);
        expect(srcset.map(([, width]) => width)).toEqual([160, 400, 800, 1200, 1400]);
        for (const [url, width] of srcset) {
          expect((await sharp(await shown(url)).metadata()).width).toBe(width);
        }
        expect(await readingImage(id)).toEqual({ width: 1400, height: 700 });
        expect((await articleJson(missing.id)).imageSrcset).toBeNull();
        expect(await readingImage(missing.id)).toBeNull();

        // A whole pass with nothing to do ends the job.
        expect(await backfillVariants(db, store, cursor)).toBe(0);
        expect(cursor.done).toBe(true);
      });

      it('gives an older photo and logo their 160 px copy, but not an older article picture', async () => {
        const db = t.database.handle.db;
        // Stored as a version before the 160 px copies did: 300 px wide, its own width alone
        // recorded (there was nothing below 400).
        const olderImage = async () => {
          const { bytes, width, height } = await processImage(await distinctJpeg(300));
          const url = await t.app.images.put(bytes, 'webp');
          await recordVariants(db, url, { width, height }, []);
          return url;
        };
        const [photo, logo, picture] = [await olderImage(), await olderImage(), await olderImage()];
        const writer = await signUp(t.app);
        await db
          .updateTable('user')
          .set({ image: photo })
          .where('id', '=', writer.user.id)
          .execute();
        await createPublisher(db, { logo });
        await createArticle(db, writer.user.id, { image: picture });
        const widths = (image: string) =>
          db
            .selectFrom('imageVariant')
            .select('width')
            .where('image', '=', image)
            .orderBy('width')
            .execute()
            .then((rows) => rows.map((row) => row.width));

        const store = {
          owns: (url: string) => t.app.images.owns(url),
          put: t.app.images.put.bind(t.app.images),
          read: t.app.images.read!.bind(t.app.images),
        };
        const cursor = newBackfillCursor();
        expect(await backfillVariants(db, store, cursor)).toBe(2);
        expect(await widths(photo)).toEqual([160, 300]);
        expect(await widths(logo)).toEqual([160, 300]);
        expect(await widths(picture)).toEqual([300]);
        // Answered where the avatars and logos are drawn, and served.
        const listed = (await t.app.inject({ method: 'GET', url: '/api/publisher' }))
          .json<Publisher[]>()
          .find((publisher) => publisher.publisherLogo === logo);
        const copy = entries(listed?.publisherLogoSrcset ?? null)[0];
        expect(copy?.[1]).toBe(160);
        expect((await sharp(await shown(copy?.[0] ?? '')).metadata()).width).toBe(160);
        const own = await t.app.inject({
          method: 'GET',
          url: `/api/users?email=${encodeURIComponent(writer.user.email)}`,
          headers: { cookie: writer.cookie },
        });
        expect(entries(own.json<UserRecord>().photoSrcset).map(([, width]) => width)).toEqual([
          160, 300,
        ]);

        expect(await backfillVariants(db, store, cursor)).toBe(0);
        expect(cursor.done).toBe(true);
      });

      it('gives the widths recorded before heights were their heights, from the image', async () => {
        const db = t.database.handle.db;
        const image = await upload(await distinctJpeg(1300));
        const { id } = await createArticle(db, author.user.id, { image });
        const heights = () =>
          db
            .selectFrom('imageVariant')
            .select(['width', 'height'])
            .where('image', '=', image)
            .orderBy('width')
            .execute();
        const recorded = await heights();
        expect(recorded).toEqual([
          { width: 160, height: 80 },
          { width: 400, height: 200 },
          { width: 800, height: 400 },
          { width: 1200, height: 600 },
          { width: 1300, height: 650 },
        ]);
        // As an older version recorded them.
        await db
          .updateTable('imageVariant')
          .set({ height: null })
          .where('image', '=', image)
          .execute();
        expect(await readingImage(id)).toBeNull();

        const store = {
          owns: (url: string) => t.app.images.owns(url),
          put: t.app.images.put.bind(t.app.images),
          read: t.app.images.read!.bind(t.app.images),
        };
        const cursor = newBackfillCursor();
        expect(await backfillVariants(db, store, cursor)).toBe(1);
        expect(await heights()).toEqual(recorded);
        expect(await readingImage(id)).toEqual({ width: 1300, height: 650 });
        expect(await backfillVariants(db, store, cursor)).toBe(0);
      });
    }
  });
}
