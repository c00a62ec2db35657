import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createArticle, createPublisher, makePremium } from '#server/test/factories';
import { recordVariants } from '#server/images/variants';
import { sourcePages } from '#server/test/pages';
import { storedPageBuild } from './storing-render.js';
import { StoredPages } from './stored-pages.js';

/*
 * Guests' article pages stored in the database (stored-pages.ts): sent to guests as stored, never
 * to a signed-in reader, and forgotten by the database whenever anything they show changes.
 */

const site = 'https://news.example.com';
let t: TestApp;
let author: TestUser;
let admin: TestUser;
let subscriber: TestUser;
const premiumSecret = 'Only subscribers may read how the night shift ends.';

beforeAll(async () => {
  t = await createTestApp({ publicUrl: site }, { pages: await sourcePages() });
  author = await signUp(t.app, { name: 'Alice Author' });
  admin = await signUp(t.app, { name: 'Ada Admin' });
  await makeAdmin(t.app, admin.user.id);
  subscriber = await signUp(t.app, { name: 'Paying Reader' });
  await makePremium(t.app.database.db, subscriber.user.id);
});

afterAll(() => t.close());

const db = () => t.app.database.db;
const build = (name: string, address: string, meter = t.app.readingMeter.describe()) =>
  storedPageBuild(name, address, meter);
const stored = () => new StoredPages(db(), build('source', site));

const article = (overrides: Parameters<typeof createArticle>[2] = {}) =>
  createArticle(db(), author.user.id, overrides);

async function guest(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip', ...headers } });
}

/** The HTML of a guest's answer, whatever its encoding. */
function htmlOf(res: Awaited<ReturnType<typeof guest>>): string {
  return res.headers['content-encoding'] === 'gzip'
    ? gunzipSync(res.rawPayload).toString()
    : res.body;
}

const storedRow = (articleId: number) =>
  db()
    .selectFrom('storedPage')
    .select(['claim', 'htmlGzip', 'day'])
    .where('articleId', '=', articleId)
    .executeTakeFirst();

/** Moves the public's change generation, so pages kept in this process's memory are not used. */
const forgetKeptPages = () => createPublisher(db());

/** Makes the stored page of an article recognizable, to tell it from a fresh render. */
async function markStored(articleId: number): Promise<string> {
  const row = await storedRow(articleId);
  const marker = `<!-- stored ${articleId} -->`;
  await db()
    .updateTable('storedPage')
    .set({ htmlGzip: gzipSync(gunzipSync(row!.htmlGzip!).toString() + marker) })
    .where('articleId', '=', articleId)
    .execute();
  await forgetKeptPages();
  return marker;
}

describe('a guest’s page of a published article', () => {
  it('is stored by the first guest’s render and sent stored to the next', async () => {
    const { id } = await article({ title: 'Harbour reopens' });
    const first = await guest(`/articles/${id}`);
    expect(first.statusCode).toBe(200);
    const row = await storedRow(id);
    expect(row?.claim).toBeNull();
    expect(row?.day).toBe(StoredPages.today());
    expect(gunzipSync(row!.htmlGzip!).toString()).toBe(htmlOf(first));

    const marker = await markStored(id);
    const second = await guest(`/articles/${id}`);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(second.headers.vary).toMatch(/accept-encoding/i);
    expect(htmlOf(second)).toContain(marker);
    expect(htmlOf(second)).toContain('Harbour reopens');
  });

  it('is sent decompressed to a reader who does not accept gzip', async () => {
    const { id } = await article({ title: 'Plain bytes' });
    await guest(`/articles/${id}`);
    const marker = await markStored(id);
    const res = await guest(`/articles/${id}`, { 'accept-encoding': 'identity' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain(marker);
  });

  it('is never sent to a signed-in reader, who gets their own render', async () => {
    const { id } = await article({
      title: 'Inside the clinic',
      isPremium: true,
      description: `Doctors open their doors at dawn. ${premiumSecret} The ward stays quiet.`,
    });
    const asGuest = await guest(`/articles/${id}`);
    expect(htmlOf(asGuest)).not.toContain(premiumSecret);
    const marker = await markStored(id);
    expect(htmlOf(await guest(`/articles/${id}`))).not.toContain(premiumSecret);

    const asSubscriber = await guest(`/articles/${id}`, { cookie: subscriber.cookie });
    expect(asSubscriber.headers['cache-control']).toBe('private, no-store');
    expect(htmlOf(asSubscriber)).toContain(premiumSecret);
    expect(htmlOf(asSubscriber)).not.toContain(marker);
  });

  it('is the page for its address with any query, which the article page does not read', async () => {
    const { id } = await article();
    await guest(`/articles/${id}`);
    const marker = await markStored(id);
    await forgetKeptPages();
    // A link from a feed or a newsletter (`?utm_source=…`) is the same page, not a new render.
    expect(htmlOf(await guest(`/articles/${id}?utm_source=feed`))).toContain(marker);
  });

  it('is good for one build and one day only', async () => {
    const { id } = await article();
    await guest(`/articles/${id}`);
    expect(await stored().read(id)).toBeInstanceOf(Buffer);
    expect(await new StoredPages(db(), build('another', site)).read(id)).toBeUndefined();
    expect(await new StoredPages(db(), build('source', 'https://a.test')).read(id)).toBeUndefined();
    // Another meter's allowances: its premium pages' prompts would name other numbers.
    expect(
      await new StoredPages(db(), build('source', site, 'meter 3/5')).read(id),
    ).toBeUndefined();

    await db()
      .updateTable('storedPage')
      .set({ day: '2000-01-01' })
      .where('articleId', '=', id)
      .execute();
    expect(await stored().read(id)).toBeUndefined();
    await forgetKeptPages();
    expect((await guest(`/articles/${id}`)).statusCode).toBe(200);
    expect((await storedRow(id))?.day).toBe(StoredPages.today());
  });
});

describe('pages that are never stored', () => {
  it('an unpublished or missing article: 404, nothing stored', async () => {
    const { id } = await article({ isApproved: false, title: 'Still pending' });
    expect((await guest(`/articles/${id}`)).statusCode).toBe(404);
    expect(await stored().claim(id)).toBeNull();
    expect(await storedRow(id)).toBeUndefined();
    expect((await guest('/articles/999999')).statusCode).toBe(404);
    expect(await storedRow(999999)).toBeUndefined();
  });
});

describe('a write to what the page shows forgets the stored page', () => {
  /** Stores the article's page, makes the write, and checks the page is gone and re-rendered. */
  async function afterWrite(
    id: number,
    write: () => Promise<unknown>,
    shows: (html: string, status: number) => void,
  ) {
    await guest(`/articles/${id}`);
    const marker = await markStored(id);
    await write();
    expect(await storedRow(id)).toBeUndefined();
    const res = await guest(`/articles/${id}`);
    expect(htmlOf(res)).not.toContain(marker);
    shows(htmlOf(res), res.statusCode);
  }

  it('its text or title', async () => {
    const { id } = await article();
    await afterWrite(
      id,
      () =>
        db().updateTable('article').set({ title: 'A new headline' }).where('id', '=', id).execute(),
      (html) => expect(html).toContain('A new headline'),
    );
  });

  it('made premium by an admin: the guest no longer gets the whole text', async () => {
    const { id } = await article({
      description: `Doctors open their doors at dawn. Nurses follow. Porters wait. ${premiumSecret}`,
    });
    await afterWrite(
      id,
      () =>
        t.app.inject({
          method: 'PUT',
          url: `/api/articles/${id}`,
          payload: { isPremium: true },
          headers: { cookie: admin.cookie },
        }),
      (html) => expect(html).not.toContain(premiumSecret),
    );
  });

  it('declined or deleted: the guest gets 404', async () => {
    const declined = await article();
    await afterWrite(
      declined.id,
      () =>
        db()
          .updateTable('article')
          .set({ isApproved: false })
          .where('id', '=', declined.id)
          .execute(),
      (_html, status) => expect(status).toBe(404),
    );
    const deleted = await article();
    await afterWrite(
      deleted.id,
      () =>
        db()
          .deleteFrom('articleTag')
          .where('articleId', '=', deleted.id)
          .execute()
          .then(() => db().deleteFrom('article').where('id', '=', deleted.id).execute()),
      (_html, status) => expect(status).toBe(404),
    );
  });

  it('its tags', async () => {
    const { id } = await article({ tags: ['harbour'] });
    await afterWrite(
      id,
      () => db().insertInto('articleTag').values({ articleId: id, tag: 'lighthouses' }).execute(),
      (html) => expect(html).toContain('lighthouses'),
    );
  });

  it('its publisher’s name', async () => {
    const publisher = await createPublisher(db(), { name: 'The Quay Courier' });
    const { id } = await article({ publisherId: publisher.id });
    await afterWrite(
      id,
      () =>
        db()
          .updateTable('publisher')
          .set({ name: 'The Quay Gazette' })
          .where('id', '=', publisher.id)
          .execute(),
      (html) => expect(html).toContain('The Quay Gazette'),
    );
  });

  it('its author’s name', async () => {
    const writer = await signUp(t.app, { name: 'Wendy Writer' });
    const { id } = await createArticle(db(), writer.user.id);
    await afterWrite(
      id,
      () =>
        db()
          .updateTable('user')
          .set({ name: 'Wendy Wordsmith' })
          .where('id', '=', writer.user.id)
          .execute(),
      (html) => expect(html).toContain('Wendy Wordsmith'),
    );
  });

  it('its picture’s sizes', async () => {
    const picture = '/uploads/fedcba9876543210fedcba9876543210.webp';
    const { id } = await article({ image: picture });
    await afterWrite(
      id,
      () => recordVariants(db(), picture, { width: 120, height: 80 }, []),
      (html) => expect(html).toContain(`${picture} 120w`),
    );
  });

  it('its author’s photo’s sizes', async () => {
    const photo = '/uploads/0123456789abcdef0123456789abcdef.webp';
    const writer = await signUp(t.app);
    await db().updateTable('user').set({ image: photo }).where('id', '=', writer.user.id).execute();
    const { id } = await createArticle(db(), writer.user.id);
    await afterWrite(
      id,
      () => recordVariants(db(), photo, { width: 90, height: 90 }, []),
      (html) => expect(html).toContain(`${photo} 90w`),
    );
  });

  it('but not a view counted, which every reader makes', async () => {
    const { id } = await article();
    await guest(`/articles/${id}`);
    await t.app.inject({ method: 'PATCH', url: `/api/articledetail/${id}` });
    await t.app.articleViews.flush(Date.now());
    expect((await storedRow(id))?.htmlGzip).toBeInstanceOf(Buffer);
  });

  it('a write between the claim and the fill leaves nothing stored', async () => {
    const { id } = await article();
    const claim = await stored().claim(id);
    expect(claim).not.toBeNull();
    // A second render does not claim a page another is rendering.
    expect(await stored().claim(id)).toBeNull();
    await db()
      .updateTable('article')
      .set({ title: 'Changed meanwhile' })
      .where('id', '=', id)
      .execute();
    expect(await stored().fill(claim!, gzipSync('<p>old</p>'))).toBe(false);
    expect(await storedRow(id)).toBeUndefined();
  });
});

describe('filling the store ahead of readers', () => {
  it('stores the page of every published article without a request', async () => {
    const published = await article({ title: 'Nobody has opened this yet' });
    const pending = await article({ isApproved: false });
    await expect
      .poll(async () => (await storedRow(published.id))?.htmlGzip ?? null, { timeout: 15_000 })
      .toBeInstanceOf(Buffer);
    const html = gunzipSync((await storedRow(published.id))!.htmlGzip!).toString();
    expect(html).toContain('Nobody has opened this yet');
    expect(await storedRow(pending.id)).toBeUndefined();

    // A change forgets the page; the next pass stores it again, as it now reads.
    await db()
      .updateTable('article')
      .set({ title: 'Opened by nobody, still' })
      .where('id', '=', published.id)
      .execute();
    await expect
      .poll(
        async () => {
          const row = await storedRow(published.id);
          return row?.htmlGzip ? gunzipSync(row.htmlGzip).toString() : '';
        },
        { timeout: 15_000 },
      )
      .toContain('Opened by nobody, still');
  });
});

describe('a guest’s detail of a published article', () => {
  const detail = (id: number, headers: Record<string, string> = {}) =>
    guest(`/api/articledetail/${id}`, headers);
  const jsonOf = (res: Awaited<ReturnType<typeof guest>>) => JSON.parse(htmlOf(res)) as unknown;
  const storedDetail = async (id: number) =>
    (
      await db()
        .selectFrom('storedPage')
        .select('detailGzip')
        .where('articleId', '=', id)
        .executeTakeFirst()
    )?.detailGzip;

  it('is stored with its page, as a signed-in reader’s read says it, and sent as stored', async () => {
    const { id } = await article({ title: 'Ferry timetable changes' });
    await guest(`/articles/${id}`);
    const kept = await storedDetail(id);
    expect(kept).toBeTruthy();
    // What a signed-in reader is answered by the query, without the store.
    const asReader = await detail(id, { cookie: subscriber.cookie });
    expect(JSON.parse(gunzipSync(kept!).toString())).toEqual(jsonOf(asReader));

    // Recognizably the stored bytes: sent as they are.
    const marked = { ...(jsonOf(asReader) as object), name: 'Stored ferry timetable' };
    await db()
      .updateTable('storedPage')
      .set({ detailGzip: gzipSync(JSON.stringify(marked)) })
      .where('articleId', '=', id)
      .execute();
    const res = await detail(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(jsonOf(res)).toEqual(marked);
    // Decompressed for a reader who takes no gzip; never sent to a signed-in reader.
    expect(jsonOf(await detail(id, { 'accept-encoding': 'identity' }))).toEqual(marked);
    expect(jsonOf(await detail(id, { cookie: admin.cookie }))).toMatchObject({
      name: 'Ferry timetable changes',
    });
  });

  it('is forgotten with its page when the article changes', async () => {
    const { id } = await article({ title: 'Bridge repairs' });
    await guest(`/articles/${id}`);
    expect(await storedDetail(id)).toBeTruthy();
    await db()
      .updateTable('article')
      .set({ title: 'Bridge repairs finished' })
      .where('id', '=', id)
      .execute();
    expect(await storedRow(id)).toBeUndefined();
    expect(jsonOf(await detail(id))).toMatchObject({ name: 'Bridge repairs finished' });
  });

  it('is never stored for a premium article, whose text a guest may not read', async () => {
    const { id } = await article({
      title: 'Night shift',
      isPremium: true,
      description: `The ward is quiet. ${premiumSecret} Dawn comes.`,
    });
    await guest(`/articles/${id}`);
    const row = await storedRow(id);
    expect(row?.htmlGzip).toBeTruthy();
    expect(await storedDetail(id)).toBeNull();
    const res = await detail(id, {
      'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
    });
    expect(res.statusCode).toBe(403);
    expect(htmlOf(res)).not.toContain(premiumSecret);
  });
});
