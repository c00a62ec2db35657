import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '#shared/articles';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import {
  createArticle,
  createPublisher,
  recordSavedImages,
  uploadedImageUrl,
} from '#server/test/factories';

// Title search goes through a trigram index for three characters or more (migration 003) and
// reads titles one by one below that; the answers must be the same either way.
let t: TestApp;
let author: TestUser;
let admin: TestUser;
const ids: Record<string, string> = {};

const titles = {
  percent: 'Rates rise 5% overnight',
  underscore: 'snake_case wins the style war',
  quotes: 'The "quiet" budget and the \'loud\' one',
  backslash: 'Paths like C:\\news\\today',
  short: 'Go: a short title',
  mixed: 'MiXeD CaSe Headline',
  unicode: 'Zürich café reopens',
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.database.db;
  author = await signUp(t.app);
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  const publisher = await createPublisher(db);
  for (const [key, title] of Object.entries(titles)) {
    ids[key] = String(
      (await createArticle(db, author.user.id, { title, publisherId: publisher.id })).id,
    );
  }
});
afterAll(() => t.close());

async function search(title: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/articles?title=${encodeURIComponent(title)}`,
  });
  expect(res.statusCode).toBe(200);
  const articles = res.json<Article[]>();
  return {
    keys: articles.map((a) => Object.entries(ids).find(([, id]) => id === a._id)?.[0]).sort(),
    total: Number(res.headers['x-total-count']),
  };
}

describe('title search', () => {
  it('finds a part of a word in any case', async () => {
    expect(await search('HEADL')).toEqual({ keys: ['mixed'], total: 1 });
    expect(await search('verni')).toEqual({ keys: ['percent'], total: 1 });
    expect(await search('ckage')).toEqual({ keys: [], total: 0 });
  });

  it('takes %, _, quotes and backslashes literally', async () => {
    expect((await search('5%')).keys).toEqual(['percent']);
    expect((await search('% o')).keys).toEqual(['percent']);
    expect((await search('e_c')).keys).toEqual(['underscore']);
    expect((await search('"quiet"')).keys).toEqual(['quotes']);
    expect((await search("'loud'")).keys).toEqual(['quotes']);
    expect((await search('"')).keys).toEqual(['quotes']);
    expect((await search('C:\\news')).keys).toEqual(['backslash']);
    expect((await search('\\')).keys).toEqual(['backslash']);
    expect((await search('s\\t')).keys).toEqual(['backslash']);
  });

  it('does not read a search as a full-text query', async () => {
    for (const query of ['quiet OR loud', 'NEAR(quiet loud)', 'quie*', 'title:rates', '^Rates']) {
      expect(await search(query)).toEqual({ keys: [], total: 0 });
    }
  });

  it('answers one and two characters, which no trigram holds', async () => {
    expect((await search('Go')).keys).toEqual(['short']);
    expect((await search('_')).keys).toEqual(['underscore']);
    expect((await search('%')).keys).toEqual(['percent']);
    expect((await search('z')).keys).toEqual(['unicode']);
    expect((await search('zü')).keys).toEqual(['unicode']);
    expect((await search('é')).keys).toEqual(['unicode']);
  });

  it('finds letters beyond ASCII in any case from three characters on', async () => {
    expect((await search('Zürich')).keys).toEqual(['unicode']);
    expect((await search('ZÜRICH')).keys).toEqual(['unicode']);
    expect((await search('CAFÉ RE')).keys).toEqual(['unicode']);
  });

  it('follows titles that change, and articles that go', async () => {
    const db = t.app.database.db;
    const publisher = await createPublisher(db);
    const { id } = await createArticle(db, author.user.id, {
      title: 'Harbour ferry timetable',
      publisherId: publisher.id,
    });
    expect((await search('ferry')).total).toBe(1);

    await recordSavedImages(t.app.database.db, uploadedImageUrl(id));
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${id}`,
      headers: { cookie: author.cookie },
      payload: {
        name: 'Harbour tram timetable',
        publisher: publisher.name,
        tags: ['politics'],
        description: 'One. Two. Three.',
        image: uploadedImageUrl(id),
      },
    });
    // The author's edit of a published article waits for an editor: the old title stays.
    expect(put.json()).toEqual({ modifiedCount: 1, awaitingReview: true });
    expect((await search('ferry')).total).toBe(1);
    expect((await search('tram time')).total).toBe(0);
    const revision = await t.app.inject({
      method: 'GET',
      url: `/api/articles/${id}/revision`,
      headers: { cookie: admin.cookie },
    });
    const approve = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${id}/revision`,
      headers: { cookie: admin.cookie },
      payload: { revisionId: revision.json<{ _id: string }>()._id, isApproved: true },
    });
    expect(approve.json()).toEqual({ modifiedCount: 1 });
    expect((await search('ferry')).total).toBe(0);
    expect((await search('tram time')).total).toBe(1);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/articles/${id}`,
      headers: { cookie: admin.cookie },
    });
    expect(del.json()).toEqual({ deletedCount: 1 });
    expect((await search('tram time')).total).toBe(0);
  });
});
