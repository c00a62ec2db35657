import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { type Article } from '#shared/articles';
import { changesHeard, createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import {
  createArticle,
  createPublisher,
  makePremium,
  recordSavedImages,
  uploadedImageUrl,
} from '#server/test/factories';

// A guest's detail of a published free article is kept (app.articleReads) and sent as one
// shared answer; every change the database announces must show in the next guest's read, and
// nothing a guest may not read is ever in what is kept.
let t: TestApp;
let author: TestUser;
let premium: TestUser;
let admin: TestUser;
let publisher: { id: number; name: string };
let id: number;
const secret = 'The fourth sentence is for subscribers.';

beforeAll(async () => {
  t = await createTestApp();
  author = await signUp(t.app, { name: 'Author' });
  premium = await signUp(t.app);
  await makePremium(t.app.database.db, premium.user.id);
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  publisher = await createPublisher(t.app.database.db, { name: 'The Harbour Herald' });
  await recordSavedImages(t.app.database.db, uploadedImageUrl('1'));
});
afterAll(() => t.close());
beforeEach(async () => {
  ({ id } = await createArticle(t.app.database.db, author.user.id, {
    publisherId: publisher.id,
    image: uploadedImageUrl('1'),
    description: `One. Two. Three. ${secret}`,
  }));
  await changesHeard(t.app);
});

const read = (cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/articledetail/${id}`,
    headers: cookie ? { cookie } : {},
  });
/** Two guest reads: the article is then kept (app.articleReads keeps from the second). */
const keptByGuests = async () => {
  await read();
  expect((await read()).statusCode).toBe(200);
};
const guestRead = async () => {
  const res = await read();
  return { status: res.statusCode, text: res.body, article: res.json<Article>() };
};
/** A change no notice announces: what a kept answer still shows until it is read again. */
const setViewsUnannounced = (viewCount: number) =>
  t.app.database.db.updateTable('article').set({ viewCount }).where('id', '=', id).execute();
const moderate = async (payload: object) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/articles/${id}`,
    payload,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode).toBe(200);
  await changesHeard(t.app);
};

it('keeps an article asked for twice for the guests after, and reads signed-in callers afresh', async () => {
  await setViewsUnannounced(5);
  const first = await guestRead();
  expect(first.status).toBe(200);
  expect(first.article.description).toContain(secret);
  // Asked for once, an article is not kept (most are opened once, at random).
  await setViewsUnannounced(6);
  const second = await guestRead();
  expect(second.article.viewCount).toBe(6);
  await setViewsUnannounced(777);
  const third = await guestRead();
  expect(third.article.viewCount).toBe(6);
  expect(third.text).toBe(second.text);
  expect((await read(author.cookie)).json<Article>().viewCount).toBe(777);
});

it('shows an edit to the next guest', async () => {
  await keptByGuests();
  const edit = await t.app.inject({
    method: 'PUT',
    url: `/api/articles/${id}`,
    headers: { cookie: admin.cookie },
    payload: {
      name: 'Edited by the desk',
      publisher: publisher.name,
      tags: ['politics'],
      description: `One. Two. Three. ${secret}`,
      image: uploadedImageUrl('1'),
    },
  });
  expect(edit.json()).toEqual({ modifiedCount: 1 });
  await changesHeard(t.app);
  expect((await guestRead()).article.name).toBe('Edited by the desk');
});

it('refuses the next guest an article made premium, and never keeps its text for guests', async () => {
  await keptByGuests();
  await moderate({ isPremium: true });
  const refused = await guestRead();
  expect(refused.status).toBe(403);
  expect(refused.text).not.toContain(secret);
  // A premium reader's full read is not kept for the guests after them.
  expect((await read(premium.cookie)).json<Article>().description).toContain(secret);
  const again = await guestRead();
  expect(again.status).toBe(403);
  expect(again.text).not.toContain(secret);
});

it('shows an approval to the next guest, and keeps no refusal', async () => {
  await t.app.database.db
    .updateTable('article')
    .set({ isApproved: false })
    .where('id', '=', id)
    .execute();
  await changesHeard(t.app);
  expect((await guestRead()).status).toBe(404);
  await moderate({ isApproved: true });
  const approved = await guestRead();
  expect(approved.status).toBe(200);
  expect(approved.article.isApproved).toBe(true);
});

it('answers 404 to the next guest once the article is deleted', async () => {
  await keptByGuests();
  const res = await t.app.inject({
    method: 'DELETE',
    url: `/api/articles/${id}`,
    headers: { cookie: author.cookie },
  });
  expect(res.json()).toEqual({ deletedCount: 1 });
  await changesHeard(t.app);
  expect((await guestRead()).status).toBe(404);
});
