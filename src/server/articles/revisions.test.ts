import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { plainTextToBody } from '#shared/article-body/plain-text';
import { articleMessages } from '#shared/article-messages';
import { articleStatus, type Article } from '#shared/articles';
import { articleTextColumns } from '#shared/excerpt';
import { revisionMessages, type ArticleRevision, type RevisionQueueItem } from '#shared/revisions';
import { toBool, toIso } from '#server/db/values';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createTestClock, type TestClock } from '#server/test/clock';
import {
  createArticle,
  createPublisher,
  makePremium,
  recordSavedImages,
  uploadedImageUrl,
} from '#server/test/factories';
import { articleInputMessages } from './messages.js';
import { moderationMessages } from '#shared/api/moderation';

let t: TestApp;
let clock: TestClock;
let author: TestUser;
let other: TestUser;
let premium: TestUser;
let admin: TestUser;
let herald: { id: number; name: string };
let times: { id: number; name: string };
let article: Awaited<ReturnType<typeof createArticle>>;

const live = {
  title: 'Harbour reopens',
  description: 'The harbour reopens on Monday. Ships wait outside. Fishermen are relieved.',
};
const edit = {
  name: 'Harbour reopens after the storm',
  publisher: 'Valley Times',
  tags: ['environment', 'business'],
  description: 'The harbour reopens on Tuesday, not Monday. Crews cleared the wreck overnight.',
  image: uploadedImageUrl(202),
};

beforeAll(async () => {
  clock = createTestClock();
  t = await createTestApp({}, { clock: clock.now });
  author = await signUp(t.app, { name: 'Author' });
  other = await signUp(t.app);
  premium = await signUp(t.app);
  await makePremium(t.app.database.db, premium.user.id);
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  herald = await createPublisher(t.app.database.db, { name: 'The Harbour Herald' });
  times = await createPublisher(t.app.database.db, { name: 'Valley Times' });
  await recordSavedImages(t.app.database.db, uploadedImageUrl(101), uploadedImageUrl(202));
});
afterAll(() => t.close());

beforeEach(async () => {
  // Every test starts with one published article and an empty queue.
  await t.app.database.db.deleteFrom('article').execute();
  article = await createArticle(t.app.database.db, author.user.id, {
    title: live.title,
    description: live.description,
    publisherId: herald.id,
    tags: ['politics'],
    image: uploadedImageUrl(101),
    createdAt: '2024-05-01T10:00:00.000Z',
  });
  // Readers read the lists; the next write must make them read afresh.
  await list('');
});

const inject = (method: 'GET' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

const putContent = (body: object, cookie = author.cookie, id = article.id) =>
  inject('PUT', `/api/articles/${id}`, cookie, body);
const readRevision = (cookie?: string, id = article.id) =>
  inject('GET', `/api/articles/${id}/revision`, cookie);
const review = (body: object, cookie = admin.cookie, id = article.id) =>
  inject('PUT', `/api/articles/${id}/revision`, cookie, body);
const queue = (query = '', cookie = admin.cookie) =>
  inject('GET', `/api/articles/revisions${query}`, cookie);
const detail = (cookie?: string, id = article.id) =>
  inject('GET', `/api/articledetail/${id}`, cookie);
const list = (query: string, cookie?: string) => inject('GET', `/api/articles${query}`, cookie);

const listed = async (query: string, cookie?: string) =>
  (await list(query, cookie)).json<Article[]>().find((a) => a._id === String(article.id));

/** The author's edit, stored as the pending revision; answers its id. */
async function submitEdit(body: object = edit): Promise<string> {
  const res = await putContent(body);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ modifiedCount: 1, awaitingReview: true });
  return (await readRevision(author.cookie)).json<ArticleRevision>()._id;
}

const stored = () =>
  t.app.database.db
    .selectFrom('article')
    .select(['title', 'description', 'publisherId', 'isApproved', 'updatedAt', 'revisionMessage'])
    .where('id', '=', article.id)
    .executeTakeFirstOrThrow();
const revisionCount = async () =>
  Number(
    (
      await t.app.database.db
        .selectFrom('articleRevision')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("an author's edit of a published article", () => {
  it('waits for review while the approved text stays live for every reader', async () => {
    const before = await stored();
    await submitEdit();
    expect(await stored()).toEqual(before);
    for (const cookie of [undefined, other.cookie, premium.cookie]) {
      const res = await detail(cookie);
      expect(res.json<Article>()).toMatchObject({
        name: live.title,
        description: live.description,
      });
      expect(res.body).not.toContain(edit.description);
      expect(await listed('', cookie)).toMatchObject({ name: live.title });
    }
    // Nothing of the edit reaches the public lists, whichever filter.
    for (const query of ['', '?tags=environment', '?publisher=Valley%20Times', '?title=storm']) {
      const res = await list(query);
      expect(res.body).not.toContain(edit.name);
      expect(res.body).not.toContain('pendingRevision');
    }
  });

  it('shows its author that an edit is waiting, and the edit itself', async () => {
    await submitEdit();
    const mine = await listed(`?email=${encodeURIComponent(author.user.email)}`, author.cookie);
    expect(mine).toMatchObject({
      name: live.title,
      isApproved: true,
      pendingRevision: { _id: expect.any(String), submittedAt: clock.now().toISOString() },
      revisionMessage: null,
    });
    expect(articleStatus(mine!)).toBe('Approved & Non-Premium');
    const own = (await detail(author.cookie)).json<Article>();
    expect(own.description).toBe(live.description);
    expect(own.pendingRevision?._id).toBe(mine?.pendingRevision?._id);

    const revision = await readRevision(author.cookie);
    expect(revision.statusCode).toBe(200);
    expect(revision.json()).toEqual({
      _id: mine?.pendingRevision?._id,
      articleId: String(article.id),
      name: edit.name,
      image: edit.image,
      imageSrcset: `${edit.image} 640w`,
      publisher: 'Valley Times',
      tags: edit.tags,
      description: edit.description,
      body: plainTextToBody(edit.description),
      submittedAt: clock.now().toISOString(),
    });
  });

  it('is replaced by a second edit while it waits', async () => {
    const first = await submitEdit();
    const second = await submitEdit({ ...edit, name: 'Second thoughts' });
    expect(second).not.toBe(first);
    expect(await revisionCount()).toBe(1);
    expect((await readRevision(admin.cookie)).json()).toMatchObject({ name: 'Second thoughts' });
    // The same edit again changes nothing.
    expect((await putContent({ ...edit, name: 'Second thoughts' })).json()).toEqual({
      modifiedCount: 0,
      awaitingReview: true,
    });
    // Approving the edit the editor saw before it was replaced is refused.
    const stale = await review({ revisionId: first, isApproved: true });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: 'conflict', message: revisionMessages.replaced });
    expect((await stored()).title).toBe(live.title);
  });

  it('stays one edit under parallel edits and reviews, and none fails', async () => {
    const revisionId = await submitEdit();
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, n) => putContent({ ...edit, name: `Parallel ${n}` })),
      review({ revisionId, isApproved: true }),
    ]);
    for (const res of answers) expect([200, 404, 409]).toContain(res.statusCode);
    expect(await revisionCount()).toBe(1);
  });

  it('is withdrawn by an edit back to the live text', async () => {
    await submitEdit();
    const res = await putContent({
      name: live.title,
      publisher: herald.name,
      tags: ['politics'],
      description: live.description,
      image: uploadedImageUrl(101),
    });
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect(await revisionCount()).toBe(0);
    expect((await readRevision(author.cookie)).statusCode).toBe(404);
  });

  it('is checked like any edit, and a refused one stores nothing', async () => {
    const image = await putContent({ ...edit, image: 'https://evil.example/x.webp' });
    expect(image.statusCode).toBe(400);
    expect(image.json()).toEqual({
      error: 'bad_request',
      message: articleInputMessages.foreignImage,
    });
    const publisher = await putContent({ ...edit, publisher: 'Nobody' });
    expect(publisher.json()).toEqual({
      error: 'bad_request',
      message: articleInputMessages.unknownPublisher,
    });
    expect((await putContent({ ...edit, tags: [] })).statusCode).toBe(400);
    expect(await revisionCount()).toBe(0);
  });

  it('goes to the queue only from its author: an admin edits the live text at once', async () => {
    const res = await putContent({ ...edit, name: 'Desk edit' }, admin.cookie);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect((await stored()).title).toBe('Desk edit');
    expect(await listed('')).toMatchObject({ name: 'Desk edit' });
    // An admin's own published article too.
    const own = await createArticle(t.app.database.db, admin.user.id, { publisherId: herald.id });
    const mine = await putContent({ ...edit, name: 'My own desk edit' }, admin.cookie, own.id);
    expect(mine.json()).toEqual({ modifiedCount: 1 });
    expect(await revisionCount()).toBe(0);
  });

  it('is refused from someone else, who learns nothing of it', async () => {
    await submitEdit();
    for (const cookie of [other.cookie, premium.cookie]) {
      const res = await putContent({ ...edit, name: 'Hijacked' }, cookie);
      expect(res.statusCode).toBe(403);
    }
    expect((await readRevision(admin.cookie)).json()).toMatchObject({ name: edit.name });
  });
});

describe('new, pending and declined articles', () => {
  it('keep the spec: the author edits them in place', async () => {
    const pending = await createArticle(t.app.database.db, author.user.id, {
      publisherId: herald.id,
      isApproved: false,
    });
    expect(
      (await putContent({ ...edit, name: 'Pending, edited' }, author.cookie, pending.id)).json(),
    ).toEqual({
      modifiedCount: 1,
    });
    const declined = await createArticle(t.app.database.db, author.user.id, {
      publisherId: herald.id,
      isApproved: false,
      adminMessage: 'Needs sources',
    });
    expect(
      (await putContent({ ...edit, name: 'Declined, fixed' }, author.cookie, declined.id)).json(),
    ).toEqual({
      modifiedCount: 1,
    });
    const rows = await t.app.database.db
      .selectFrom('article')
      .select(['id', 'title', 'isApproved', 'adminMessage'])
      .where('id', 'in', [pending.id, declined.id])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => ({ ...r, isApproved: toBool(r.isApproved) }))).toEqual([
      { id: pending.id, title: 'Pending, edited', isApproved: false, adminMessage: null },
      // The fix goes back to Pending (spec: the admin's message is what made it Declined).
      { id: declined.id, title: 'Declined, fixed', isApproved: false, adminMessage: null },
    ]);
    expect(await revisionCount()).toBe(0);
  });
});

describe('approving an edit', () => {
  it('puts it live: the article stays approved, updatedAt moves, lists show it at once', async () => {
    const revisionId = await submitEdit();
    const before = await stored();
    clock.advance(60_000);
    const res = await review({ revisionId, isApproved: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });

    const after = await stored();
    expect(after).toMatchObject({
      title: edit.name,
      description: edit.description,
      publisherId: times.id,
      revisionMessage: null,
    });
    expect(toBool(after.isApproved)).toBe(true);
    expect(toIso(after.updatedAt)).toBe(clock.now().toISOString());
    expect(toIso(after.updatedAt)).not.toBe(toIso(before.updatedAt));
    // The public lists kept before are forgotten: guests read the new text at once.
    expect(await listed('')).toMatchObject({ name: edit.name, publisher: 'Valley Times' });
    expect(await listed('?tags=environment')).toMatchObject({ name: edit.name });
    expect(await listed('?tags=politics')).toBeUndefined();
    const guest = (await detail()).json<Article>();
    expect(guest).toMatchObject({
      name: edit.name,
      description: edit.description,
      tags: ['business', 'environment'],
      image: edit.image,
      isApproved: true,
      viewCount: 0,
      createdAt: '2024-05-01T10:00:00.000Z',
    });
    expect(guest).not.toHaveProperty('pendingRevision');
    // Gone from the queue and from the author's view.
    expect((await readRevision(author.cookie)).statusCode).toBe(404);
    expect((await queue()).json()).toEqual([]);
    expect((await detail(author.cookie)).json()).toMatchObject({
      pendingRevision: null,
      revisionMessage: null,
    });
    // It cannot be approved twice.
    const again = await review({ revisionId, isApproved: true });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'not_found', message: revisionMessages.none });
  });

  it('leaves premium as it was: the new text is still for subscribers only', async () => {
    await t.app.database.db
      .updateTable('article')
      .set({ isPremium: true })
      .where('id', '=', article.id)
      .execute();
    const revisionId = await submitEdit();
    // A premium reader who is not the author does not see the edit.
    expect((await readRevision(premium.cookie)).statusCode).toBe(403);
    expect((await detail(premium.cookie)).json()).toMatchObject({ description: live.description });

    await review({ revisionId, isApproved: true });
    const guest = await detail();
    expect(guest.statusCode).toBe(403);
    expect(guest.json()).toEqual({ error: 'forbidden', message: articleMessages.premiumLocked });
    expect((await detail(other.cookie)).statusCode).toBe(403);
    expect((await detail(premium.cookie)).json()).toMatchObject({
      isPremium: true,
      description: edit.description,
    });
    const card = await listed('');
    expect(card).toMatchObject({
      isPremium: true,
      description: articleTextColumns(plainTextToBody(edit.description)).premiumExcerpt,
    });
    expect(card?.description).not.toBe(edit.description);
  });
});

describe('declining an edit', () => {
  it('discards it, keeps the live text and tells the author why', async () => {
    const revisionId = await submitEdit();
    const before = await stored();
    const res = await review({ revisionId, adminMessage: '  The date is wrong  ' });
    expect(res.json()).toEqual({ modifiedCount: 1 });

    expect(await stored()).toEqual({ ...before, revisionMessage: 'The date is wrong' });
    expect(await revisionCount()).toBe(0);
    const mine = await listed(`?email=${encodeURIComponent(author.user.email)}`, author.cookie);
    expect(mine).toMatchObject({
      name: live.title,
      adminMessage: null,
      pendingRevision: null,
      revisionMessage: 'The date is wrong',
    });
    // Still published: the article's own status is untouched.
    expect(articleStatus(mine!)).toBe('Approved & Non-Premium');
    // Readers see neither the edit nor the reason.
    for (const cookie of [undefined, other.cookie, premium.cookie]) {
      const res = await detail(cookie);
      expect(res.body).not.toContain('The date is wrong');
      expect(res.json()).toMatchObject({ name: live.title });
    }

    // The author's next edit is under review again, and the reason goes.
    await submitEdit({ ...edit, description: 'The harbour reopens on Monday after all.' });
    expect((await stored()).revisionMessage).toBeNull();
  });

  it('needs a message, and a refused review changes nothing', async () => {
    const revisionId = await submitEdit();
    const empty = await review({ revisionId, adminMessage: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      error: 'bad_request',
      message: `adminMessage: ${moderationMessages.emptyDecline}`,
    });
    for (const body of [
      { isApproved: true },
      { adminMessage: 'No id' },
      { revisionId: 'abc', isApproved: true },
      { revisionId, isApproved: false },
      { revisionId, isApproved: true, isPremium: true },
      { revisionId: Number(revisionId), isApproved: true },
      {},
    ]) {
      const res = await review(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'bad_request' });
    }
    expect((await readRevision(admin.cookie)).json()).toMatchObject({ _id: revisionId });
    expect((await stored()).title).toBe(live.title);
  });
});

describe('who may see and review edits', () => {
  it('keeps an edit from guests and from other users, premium or not', async () => {
    await submitEdit();
    expect((await readRevision()).statusCode).toBe(401);
    for (const cookie of [other.cookie, premium.cookie]) {
      const res = await readRevision(cookie);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(edit.description);
      // Nor does their view of the article say that one waits.
      expect((await detail(cookie)).json()).not.toHaveProperty('pendingRevision');
    }
    expect((await readRevision(admin.cookie)).statusCode).toBe(200);
  });

  it('lets only admins see the queue', async () => {
    await submitEdit();
    expect((await queue('', '')).statusCode).toBe(401);
    for (const cookie of [author.cookie, other.cookie, premium.cookie]) {
      const res = await queue('', cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'forbidden', message: 'You are not an admin' });
    }
  });

  it('lets only admins approve or decline, the author included', async () => {
    const revisionId = await submitEdit();
    for (const body of [
      { revisionId, isApproved: true },
      { revisionId, adminMessage: 'No' },
    ]) {
      expect((await review(body, '')).statusCode).toBe(401);
      for (const cookie of [author.cookie, other.cookie, premium.cookie]) {
        const res = await review(body, cookie);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: 'forbidden', message: 'You are not an admin' });
      }
    }
    expect((await stored()).title).toBe(live.title);
    expect((await readRevision(admin.cookie)).json()).toMatchObject({ _id: revisionId });
  });

  it('answers 404 for unknown articles and for articles with no edit waiting', async () => {
    expect((await readRevision(author.cookie)).json()).toEqual({
      error: 'not_found',
      message: revisionMessages.none,
    });
    for (const id of ['999999', 'abc']) {
      const res = await inject('GET', `/api/articles/${id}/revision`, admin.cookie);
      expect(res.statusCode).toBe(404);
      const put = await inject('PUT', `/api/articles/${id}/revision`, admin.cookie, {
        revisionId: '1',
        isApproved: true,
      });
      expect(put.json()).toEqual({ error: 'not_found', message: articleMessages.notFound });
    }
    // An unpublished article of someone else's is not found, as on the detail page.
    const pending = await createArticle(t.app.database.db, author.user.id, {
      publisherId: herald.id,
      isApproved: false,
    });
    expect((await readRevision(other.cookie, pending.id)).json()).toEqual({
      error: 'not_found',
      message: articleMessages.notFound,
    });
  });
});

describe('the queue', () => {
  it('lists edits oldest first, a page at a time, each beside its live article', async () => {
    const second = await createArticle(t.app.database.db, author.user.id, {
      publisherId: herald.id,
      isPremium: true,
      description: 'Premium one. Premium two. Premium three. Premium four.',
    });
    await submitEdit();
    clock.advance(1_000);
    const res = await putContent(
      { ...edit, name: 'Second article, edited' },
      author.cookie,
      second.id,
    );
    expect(res.json()).toEqual({ modifiedCount: 1, awaitingReview: true });

    const page1 = await queue('?limit=1');
    expect(page1.statusCode).toBe(200);
    expect(page1.headers['x-total-count']).toBe('2');
    const [first] = page1.json<RevisionQueueItem[]>();
    expect(first?.live).toMatchObject({
      _id: String(article.id),
      name: live.title,
      description: live.description,
      pendingRevision: { _id: first?.revision._id },
    });
    expect(first?.revision).toMatchObject({ articleId: String(article.id), name: edit.name });

    const page2 = (await queue('?limit=1&page=2')).json<RevisionQueueItem[]>();
    // The live text in full, premium or not: admins read everything.
    expect(page2[0]?.live).toMatchObject({
      _id: String(second.id),
      description: 'Premium one. Premium two. Premium three. Premium four.',
    });
    expect(page2[0]?.revision.name).toBe('Second article, edited');

    for (const query of ['?limit=0', '?page=0', '?limit=x']) {
      expect((await queue(query)).statusCode, query).toBe(400);
    }
  });

  it('loses an edit whose article is deleted', async () => {
    await submitEdit();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/articles/${article.id}`,
      headers: { cookie: author.cookie },
    });
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await revisionCount()).toBe(0);
    expect((await queue()).headers['x-total-count']).toBe('0');
  });
});
