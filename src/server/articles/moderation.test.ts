import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBool } from '#server/db/values';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createArticle, createPublisher, uploadedImageUrl } from '#server/test/factories';
import { moderationMessages } from '#shared/api/moderation';

let t: TestApp;
let author: TestUser;
let admin: TestUser;
let publisher: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  author = await signUp(t.app, { name: 'Author' });
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  publisher = await createPublisher(t.app.database.db, { name: 'The Harbour Herald' });
});
afterAll(() => t.close());

const pending = (overrides: Parameters<typeof createArticle>[2] = {}) =>
  createArticle(t.app.database.db, author.user.id, {
    publisherId: publisher.id,
    isApproved: false,
    ...overrides,
  });

const put = (id: number | string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/articles/${id}`,
    payload,
    headers: cookie ? { cookie } : {},
  });

const row = async (id: number) => {
  const r = await t.app.database.db
    .selectFrom('article')
    .select(['isApproved', 'isPremium', 'adminMessage', 'title'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...r, isApproved: toBool(r.isApproved), isPremium: toBool(r.isPremium) };
};

const moderations = [{ isApproved: true }, { isPremium: true }, { adminMessage: 'Too short' }];

describe('PUT /api/articles/:id moderation', () => {
  it('refuses guests (401) and non-admins, even the author (403), changing nothing', async () => {
    const { id } = await pending();
    const before = await row(id);
    for (const body of moderations) {
      expect((await put(id, body)).statusCode).toBe(401);
      const res = await put(id, body, author.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'forbidden', message: 'You are not an admin' });
    }
    expect(await row(id)).toEqual(before);
  });

  it('approves, then answers 0 for approving again', async () => {
    const { id } = await pending();
    expect((await put(id, { isApproved: true }, admin.cookie)).json()).toEqual({
      modifiedCount: 1,
    });
    expect(await row(id)).toMatchObject({ isApproved: true, isPremium: false });
    expect((await put(id, { isApproved: true }, admin.cookie)).json()).toEqual({
      modifiedCount: 0,
    });
  });

  it('makes premium, also before approval, leaving the approval as it is', async () => {
    const { id } = await pending();
    expect((await put(id, { isPremium: true }, admin.cookie)).json()).toEqual({
      modifiedCount: 1,
    });
    expect(await row(id)).toMatchObject({ isApproved: false, isPremium: true });
    expect((await put(id, { isPremium: true }, admin.cookie)).json()).toEqual({
      modifiedCount: 0,
    });
  });

  it('declines with a trimmed message; the same message again changes nothing', async () => {
    const { id } = await pending();
    const res = await put(id, { adminMessage: '  Please cite your sources.  ' }, admin.cookie);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect((await row(id)).adminMessage).toBe('Please cite your sources.');
    const again = await put(id, { adminMessage: 'Please cite your sources.' }, admin.cookie);
    expect(again.json()).toEqual({ modifiedCount: 0 });
    const changed = await put(id, { adminMessage: 'Also fix the title.' }, admin.cookie);
    expect(changed.json()).toEqual({ modifiedCount: 1 });
    expect((await row(id)).adminMessage).toBe('Also fix the title.');
  });

  it('refuses to decline an approved article with 409 and the spec’s message', async () => {
    const { id } = await pending({ isApproved: true });
    const res = await put(id, { adminMessage: 'No' }, admin.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'conflict',
      message: 'You have already Approved this article',
    });
    expect((await row(id)).adminMessage).toBeNull();
  });

  it('refuses Approve and Make Premium on a declined article with 409', async () => {
    const { id } = await pending({ adminMessage: 'Fix it' });
    for (const body of [{ isApproved: true }, { isPremium: true }]) {
      const res = await put(id, body, admin.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'conflict', message: moderationMessages.declined });
    }
    expect(await row(id)).toMatchObject({ isApproved: false, isPremium: false });
  });

  it('refuses bodies that are not exactly one moderation field', async () => {
    const { id } = await pending();
    const bodies = [
      { isApproved: false },
      { isPremium: false },
      { isApproved: true, isPremium: true },
      { isApproved: true, adminMessage: 'x' },
      { isApproved: 'true' },
      {},
    ];
    for (const body of bodies) {
      const res = await put(id, body, admin.cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/exactly one of/);
    }
    const empty = await put(id, { adminMessage: '   ' }, admin.cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(`adminMessage: ${moderationMessages.emptyDecline}`);
    const long = await put(id, { adminMessage: 'x'.repeat(1001) }, admin.cookie);
    expect(long.statusCode).toBe(400);
    expect(await row(id)).toMatchObject({
      isApproved: false,
      isPremium: false,
      adminMessage: null,
    });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['999999', 'abc']) {
      expect((await put(id, { isApproved: true }, admin.cookie)).statusCode).toBe(404);
    }
  });
});

describe('an author updating a declined article', () => {
  const content = (name: string) => ({
    name,
    publisher: 'The Harbour Herald',
    tags: ['politics'],
    description: 'One. Two. Three.',
    image: uploadedImageUrl('7'),
  });

  it('sends it back to Pending when the content changes', async () => {
    const { id } = await pending({ adminMessage: 'Fix it', image: uploadedImageUrl('7') });
    const res = await put(id, content('Fixed title'), author.cookie);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect(await row(id)).toMatchObject({ title: 'Fixed title', adminMessage: null });
    expect((await put(id, { isApproved: true }, admin.cookie)).json()).toEqual({
      modifiedCount: 1,
    });
  });

  it('answers a content body missing a field with that field’s message', async () => {
    const { id } = await pending({ image: uploadedImageUrl('7') });
    const { description: _omitted, ...partial } = content('No text');
    const res = await put(id, partial, author.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('description: Description is required');
  });

  it('keeps the decline when an admin edits the content', async () => {
    const { id } = await pending({ adminMessage: 'Fix it', image: uploadedImageUrl('7') });
    const res = await put(id, content('Edited by the desk'), admin.cookie);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect(await row(id)).toMatchObject({ title: 'Edited by the desk', adminMessage: 'Fix it' });
  });
});
