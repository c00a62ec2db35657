import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '#shared/articles';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createArticle, createPublisher, makePremium } from '#server/test/factories';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let premium: TestUser;
let admin: TestUser;
const ids: Record<string, string> = {};
const secret = 'Only subscribers read this fourth sentence.';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.database.db;
  alice = await signUp(t.app, { name: 'Alice' });
  bob = await signUp(t.app, { name: 'Bob' });
  premium = await signUp(t.app, { name: 'Pat Premium' });
  await makePremium(db, premium.user.id);
  admin = await signUp(t.app, { name: 'Ada Admin' });
  await makeAdmin(t.app, admin.user.id);
  const herald = await createPublisher(db, { name: 'The Harbour Herald' });
  const times = await createPublisher(db, { name: 'Valley Times' });

  // Oldest first: each factory article is newer than the one before.
  const articles = {
    budget: createArticle(db, alice.user.id, {
      title: 'Budget 100% approved',
      publisherId: herald.id,
      tags: ['politics', 'business'],
      viewCount: 5,
    }),
    pending: createArticle(db, alice.user.id, { publisherId: herald.id, isApproved: false }),
    premium: createArticle(db, bob.user.id, {
      title: 'Inside the clinic',
      publisherId: times.id,
      tags: ['health'],
      isPremium: true,
      viewCount: 50,
      description: `First sentence. Second sentence! Third sentence? ${secret}`,
    }),
    declined: createArticle(db, bob.user.id, {
      publisherId: times.id,
      isApproved: false,
      adminMessage: 'Needs sources',
    }),
    underscore: createArticle(db, bob.user.id, {
      title: 'Under_score derby',
      publisherId: times.id,
      tags: ['sports'],
      viewCount: 10,
    }),
    review: createArticle(db, alice.user.id, {
      title: 'A budget review',
      publisherId: herald.id,
      tags: ['education'],
      viewCount: 1,
    }),
  };
  for (const [key, article] of Object.entries(articles)) ids[key] = String((await article).id);
});
afterAll(() => t.close());

async function list(query: string, cookie?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/articles${query}`,
    headers: cookie ? { cookie } : {},
  });
  return {
    res,
    status: res.statusCode,
    total: Number(res.headers['x-total-count']),
    articles: res.statusCode === 200 ? res.json<Article[]>() : [],
    ids: res.statusCode === 200 ? res.json<Article[]>().map((a) => a._id) : [],
  };
}

describe('GET /api/articles', () => {
  it('gives guests the approved articles, newest first, with the total', async () => {
    const { status, ids: got, total } = await list('');
    expect(status).toBe(200);
    expect(got).toEqual([ids.review, ids.underscore, ids.premium, ids.budget]);
    expect(total).toBe(4);
  });

  it('answers the spec shape', async () => {
    const { articles } = await list('?title=Under_score');
    expect(articles).toEqual([
      {
        _id: ids.underscore,
        name: 'Under_score derby',
        image: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.webp$/) as unknown,
        imageSrcset: null,
        publisher: 'Valley Times',
        tags: ['sports'],
        description: expect.any(String) as unknown,
        isPremium: false,
        viewCount: 10,
        isApproved: true,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
        author: {
          name: 'Bob',
          photo: '/uploads/test-photo.webp',
          photoSrcset: null,
          email: bob.user.email,
        },
        userEmail: bob.user.email,
        adminMessage: null,
      },
    ]);
  });

  it('carries only the excerpt of every article, whoever asks', async () => {
    for (const cookie of [undefined, alice.cookie, premium.cookie, admin.cookie, bob.cookie]) {
      const { res, articles } = await list('', cookie);
      expect(res.body).not.toContain(secret);
      // A premium article shows the start of its free part; a free one its first three.
      const article = articles.find((a) => a._id === ids.premium);
      expect(article?.description).toBe('First sentence. Second sentence…');
      const free = articles.find((a) => a._id === ids.budget);
      expect(free?.description.split('. ')).toHaveLength(3);
    }
    const mine = await list(`?email=${encodeURIComponent(bob.user.email)}`, bob.cookie);
    expect(mine.res.body).not.toContain(secret);
    // The full text is the detail page's.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/articledetail/${ids.premium}`,
      headers: { cookie: premium.cookie },
    });
    expect(detail.json<Article>().description).toContain(secret);
  });

  it('never gives non-admins unapproved articles', async () => {
    for (const cookie of [undefined, alice.cookie, premium.cookie]) {
      expect(await list('?isApproved=false', cookie)).toMatchObject({ ids: [], total: 0 });
      const { ids: got } = await list('?isApproved=true', cookie);
      expect(got).not.toContain(ids.pending);
      expect(got).not.toContain(ids.declined);
    }
  });

  it('lists premium articles', async () => {
    const { ids: got, total } = await list('?isPremium=true', premium.cookie);
    expect(got).toEqual([ids.premium]);
    expect(total).toBe(1);
  });

  it("lists one's own articles of every status with ?email=", async () => {
    const { status, ids: got } = await list(
      `?email=${encodeURIComponent(alice.user.email.toUpperCase())}`,
      alice.cookie,
    );
    expect(status).toBe(200);
    expect(got).toEqual([ids.review, ids.pending, ids.budget]);
  });

  it("refuses someone else's ?email= unless admin", async () => {
    const email = `?email=${encodeURIComponent(bob.user.email)}`;
    expect((await list(email)).status).toBe(401);
    const other = await list(email, alice.cookie);
    expect(other.status).toBe(403);
    expect(other.res.json()).toMatchObject({ error: 'forbidden' });
    const { status, ids: got, articles } = await list(email, admin.cookie);
    expect(status).toBe(200);
    expect(got).toEqual([ids.underscore, ids.declined, ids.premium]);
    expect(articles.find((a) => a._id === ids.declined)?.adminMessage).toBe('Needs sources');
  });

  it('gives admins every status, and honours isApproved', async () => {
    expect((await list('', admin.cookie)).total).toBe(6);
    expect((await list('?isApproved=false', admin.cookie)).ids).toEqual([
      ids.declined,
      ids.pending,
    ]);
    expect((await list('?isApproved=true', admin.cookie)).total).toBe(4);
  });

  it('searches titles case-insensitively and takes % and _ literally', async () => {
    expect((await list('?title=BUDGET')).ids).toEqual([ids.review, ids.budget]);
    expect((await list('?title=100%25')).ids).toEqual([ids.budget]);
    expect((await list('?title=%25')).ids).toEqual([ids.budget]);
    expect((await list('?title=_')).ids).toEqual([ids.underscore]);
    expect((await list('?title=r_score')).ids).toEqual([ids.underscore]);
    expect((await list('?title=')).total).toBe(4);
  });

  it("filters by any part of the publisher's name, in any case", async () => {
    expect((await list('?publisher=valley%20TIMES')).ids).toEqual([ids.underscore, ids.premium]);
    expect((await list('?publisher=Valley')).ids).toEqual([ids.underscore, ids.premium]);
    expect((await list('?publisher=TIMES')).total).toBe(2);
    expect((await list('?publisher=harbour%20h')).ids).toEqual([ids.review, ids.budget]);
    // Part of both names (herALd, vALley): the articles of both.
    expect((await list('?publisher=AL')).total).toBe(4);
    expect((await list('?publisher=Nobody')).total).toBe(0);
    // Wildcards are taken literally.
    expect((await list('?publisher=%25')).total).toBe(0);
    expect((await list('?publisher=Valley_Times')).total).toBe(0);
  });

  it('filters by any of several tags', async () => {
    expect((await list('?tags=health,%20Politics')).ids).toEqual([ids.premium, ids.budget]);
    expect((await list('?tags=business')).ids).toEqual([ids.budget]);
    expect((await list('?tags=gossip')).ids).toEqual([]);
    expect((await list('?tags=,')).total).toBe(4);
  });

  it('combines the search fields', async () => {
    const { ids: got } = await list(
      '?isApproved=true&title=budget&publisher=the harbour herald&tags=education',
    );
    expect(got).toEqual([ids.review]);
  });

  it('sorts the trending list by views', async () => {
    const { ids: got } = await list('?isApproved=true&sortBy=viewCount&limit=3');
    expect(got).toEqual([ids.premium, ids.underscore, ids.budget]);
  });

  it('pages with limit and page, the total in X-Total-Count', async () => {
    const first = await list('?limit=3&page=1');
    const second = await list('?limit=3&page=2');
    expect(first.ids).toEqual([ids.review, ids.underscore, ids.premium]);
    expect(second.ids).toEqual([ids.budget]);
    expect([first.total, second.total]).toEqual([4, 4]);
    expect((await list('?limit=3&page=9')).ids).toEqual([]);
    expect((await list('?limit=500')).status).toBe(200);
  });

  it('refuses malformed paging and flags with 400', async () => {
    for (const query of [
      '?limit=abc',
      '?limit=0',
      '?page=0',
      '?page=1.5',
      '?isPremium=yes',
      '?sortBy=title',
    ]) {
      const { status, res } = await list(query);
      expect(status, query).toBe(400);
      expect(res.json()).toMatchObject({ error: 'bad_request' });
    }
  });
});
