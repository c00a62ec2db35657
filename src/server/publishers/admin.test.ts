import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import {
  createArticle,
  createPublisher,
  recordSavedImages,
  uploadedImageUrl,
} from '#server/test/factories';
import { publisherMessages } from '#shared/api/publishers';

let t: TestApp;
let user: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app);
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  await recordSavedImages(t.app.database.db, ...['1', '2', '3', '4', '5'].map(uploadedImageUrl));
});
afterAll(() => t.close());

const post = (payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/publisher',
    payload,
    headers: cookie ? { cookie } : {},
  });
const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const publisherCount = async () =>
  Number(
    (
      await t.app.database.db
        .selectFrom('publisher')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/publisher', () => {
  it('refuses guests (401) and non-admins (403), adding nothing', async () => {
    const before = await publisherCount();
    const body = { publisher: 'Sneaky Post', publisherLogo: uploadedImageUrl('1') };
    expect((await post(body)).statusCode).toBe(401);
    const res = await post(body, user.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden' });
    expect(await publisherCount()).toBe(before);
  });

  it('adds a publisher with a trimmed name, listed afterwards', async () => {
    const logo = uploadedImageUrl('2');
    const res = await post(
      { publisher: '  The Morning Ledger ', publisherLogo: logo },
      admin.cookie,
    );
    expect(res.statusCode).toBe(201);
    const { insertedId } = res.json<{ insertedId: string }>();
    const list = (await get('/api/publisher')).json();
    expect(list).toContainEqual({
      _id: insertedId,
      publisher: 'The Morning Ledger',
      publisherLogo: logo,
      // As recorded when it was uploaded (recordSavedImages).
      publisherLogoSrcset: `${logo} 640w`,
      publisherLogoSize: { width: 640, height: 360 },
    });
  });

  it('refuses a name that exists in another case with 409', async () => {
    await post(
      { publisher: 'Coastal Courier', publisherLogo: uploadedImageUrl('3') },
      admin.cookie,
    );
    const before = await publisherCount();
    const res = await post(
      { publisher: 'COASTAL courier', publisherLogo: uploadedImageUrl('4') },
      admin.cookie,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'conflict', message: publisherMessages.duplicate });
    expect(await publisherCount()).toBe(before);
  });

  it('requires a name of at most 100 characters', async () => {
    const logo = uploadedImageUrl('5');
    for (const publisher of [undefined, '', '   ']) {
      const res = await post({ publisher, publisherLogo: logo }, admin.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`publisher: ${publisherMessages.nameRequired}`);
    }
    const long = await post({ publisher: 'x'.repeat(101), publisherLogo: logo }, admin.cookie);
    expect(long.statusCode).toBe(400);
    expect(
      (await post({ publisher: 'y'.repeat(100), publisherLogo: logo }, admin.cookie)).statusCode,
    ).toBe(201);
  });

  it('refuses a missing logo or one our store did not produce', async () => {
    const before = await publisherCount();
    for (const publisherLogo of [
      undefined,
      '',
      'https://evil.example/logo.png',
      '/uploads/x.webp',
      // Shaped like one of ours, but never uploaded here.
      uploadedImageUrl('deadbeef'),
    ]) {
      const res = await post({ publisher: 'Logo Test', publisherLogo }, admin.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(publisherMessages.foreignLogo);
    }
    expect(await publisherCount()).toBe(before);
  });
});

describe('dashboard aggregates', () => {
  const urls = [
    '/api/publisher/articles/count',
    '/api/publisher/viewcount',
    '/api/articles/premium-split',
  ];

  it('refuse guests (401) and non-admins (403)', async () => {
    for (const url of urls) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, user.cookie)).statusCode).toBe(403);
    }
  });

  it('match counts computed from the articles made', async () => {
    const db = t.app.database.db;
    const made = [
      { publisher: 'Alpha Daily', views: [5, 10, 0], premium: [true, false, false] },
      { publisher: 'Beta Weekly', views: [100], premium: [true] },
      { publisher: 'Gamma Gazette', views: [1, 2], premium: [false, false] },
    ];
    for (const [i, entry] of made.entries()) {
      const { id } = await createPublisher(db, { name: entry.publisher });
      for (const [j, viewCount] of entry.views.entries()) {
        await createArticle(db, user.user.id, {
          publisherId: id,
          viewCount,
          isPremium: entry.premium[j],
          // Every status counts: pending and declined articles too.
          isApproved: j !== 1,
          adminMessage: i === 0 && j === 1 ? 'Declined' : null,
        });
      }
    }
    // Publishers without articles (those added above) are left out.
    const counts = (await get(urls[0]!, admin.cookie)).json();
    expect(counts).toEqual([
      { _id: 'Alpha Daily', count: 3 },
      { _id: 'Gamma Gazette', count: 2 },
      { _id: 'Beta Weekly', count: 1 },
    ]);
    const views = (await get(urls[1]!, admin.cookie)).json();
    expect(views).toEqual([
      { _id: 'Beta Weekly', totalViewCount: 100 },
      { _id: 'Alpha Daily', totalViewCount: 15 },
      { _id: 'Gamma Gazette', totalViewCount: 3 },
    ]);
    const split = (await get(urls[2]!, admin.cookie)).json();
    expect(split).toEqual({ premium: 2, nonPremium: 4 });
  });
});
