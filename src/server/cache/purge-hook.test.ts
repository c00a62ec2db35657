import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ArticleRevision } from '#shared/revisions';
import { createTestApp, type TestApp } from '#server/test/app';
import { multipartBody } from '#server/test/image-fixtures';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import {
  createArticle,
  createPublisher,
  recordSavedImages,
  uploadedImageUrl,
} from '#server/test/factories';

// The purge hook against a real HTTP peer on this machine, standing for the CDN's purge API:
// each write that changes what guests see posts the pages' tags and addresses to it.
const site = 'https://news.example.com';
const token = 'purge-token-0123456789';

interface Received {
  headers: IncomingHttpHeaders;
  body: { tags: string[]; urls: string[] };
}

/** The CDN's side: what it was sent, and how it answers (a status, or a delay first). */
const cdn = {
  received: [] as Received[],
  status: 200,
  delayMs: 0,
  waiting: [] as (() => void)[],
};
let receiver: Server;
let t: TestApp;
let admin: TestUser;
let author: TestUser;
let publisher: { id: number };
const warnings: { msg: string; status?: number }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as Received['body'];
      cdn.received.push({ headers: req.headers, body });
      cdn.waiting.splice(0).forEach((wake) => wake());
      const { status, delayMs } = cdn;
      setTimeout(() => res.writeHead(status).end(), delayMs);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  t = await createTestApp(
    {
      publicUrl: site,
      logLevel: 'warn',
      cdnPurge: { url: `http://127.0.0.1:${port}/purge`, token },
      purgeDelayMs: 50,
    },
    {
      logStream: {
        write: (line) => void warnings.push(JSON.parse(line) as { msg: string; status?: number }),
      },
    },
  );
  admin = await signUp(t.app);
  await makeAdmin(t.app, admin.user.id);
  author = await signUp(t.app);
  publisher = await createPublisher(t.app.database.db, { name: 'The Harbour Herald' });
  await recordSavedImages(t.app.database.db, uploadedImageUrl('1'));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  Object.assign(cdn, { received: [], status: 200, delayMs: 0 });
  warnings.length = 0;
});

const inject = (method: 'PUT' | 'DELETE' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

/** The next purge the CDN receives. */
function nextPurge(): Promise<Received> {
  const seen = cdn.received.length;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no purge came')), 5_000);
    const check = () => {
      if (cdn.received.length > seen) {
        clearTimeout(timer);
        resolve(cdn.received[seen]!);
      } else cdn.waiting.push(check);
    };
    check();
  });
}

/** What a change to article `id` purges. */
const articlePurge = (id: number) => ({
  tags: [`article-${id}`, 'home', 'lists'],
  urls: [`${site}/articles/${id}`, `${site}/`, `${site}/allpublishedarticles`],
});

const pending = () =>
  createArticle(t.app.database.db, author.user.id, {
    isApproved: false,
    publisherId: publisher.id,
  });

describe('the purge hook', () => {
  it('names the article, the home page and the lists on each moderation, with the token', async () => {
    const [one, other] = [(await pending()).id, (await pending()).id];
    const verdicts = [
      { id: one, verdict: { isPremium: true } },
      { id: one, verdict: { isApproved: true } },
      { id: other, verdict: { adminMessage: 'Needs sources.' } },
    ];
    for (const { id, verdict } of verdicts) {
      const purge = nextPurge();
      const res = await inject('PUT', `/api/articles/${id}`, admin.cookie, verdict);
      expect(res.json()).toEqual({ modifiedCount: 1 });
      const { headers, body } = await purge;
      expect(headers['content-type']).toBe('application/json');
      expect(headers.authorization).toBe(`Bearer ${token}`);
      expect(body).toEqual(articlePurge(id));
    }
  });

  it('purges an edit that goes live, not one awaiting review, until it is approved', async () => {
    const { id } = await pending();
    const content = (title: string) => ({
      name: title,
      publisher: 'The Harbour Herald',
      tags: ['politics'],
      description: 'One line. Two lines. Three lines. Four lines.',
      image: uploadedImageUrl('1'),
    });
    // The author's edit of an article not yet published goes in place.
    let purge = nextPurge();
    const edited = await inject('PUT', `/api/articles/${id}`, author.cookie, content('Edited'));
    expect(edited.json()).toEqual({ modifiedCount: 1 });
    expect((await purge).body).toEqual(articlePurge(id));

    purge = nextPurge();
    await inject('PUT', `/api/articles/${id}`, admin.cookie, { isApproved: true });
    await purge;
    // Published, the author's edit waits for an editor: the live page is unchanged.
    const waiting = await inject('PUT', `/api/articles/${id}`, author.cookie, content('Later'));
    expect(waiting.json()).toEqual({ modifiedCount: 1, awaitingReview: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cdn.received).toHaveLength(2);

    const revision = await t.app.inject({
      url: `/api/articles/${id}/revision`,
      headers: { cookie: author.cookie },
    });
    purge = nextPurge();
    const approved = await inject('PUT', `/api/articles/${id}/revision`, admin.cookie, {
      revisionId: revision.json<ArticleRevision>()._id,
      isApproved: true,
    });
    expect(approved.json()).toEqual({ modifiedCount: 1 });
    expect((await purge).body).toEqual(articlePurge(id));
  });

  it('purges a deleted article and a new publisher', async () => {
    const { id } = await pending();
    let purge = nextPurge();
    const removed = await inject('DELETE', `/api/articles/${id}`, admin.cookie);
    expect(removed.json()).toEqual({ deletedCount: 1 });
    expect((await purge).body).toEqual(articlePurge(id));

    purge = nextPurge();
    const added = await inject('POST', '/api/publisher', admin.cookie, {
      publisher: 'Valley Times',
      publisherLogo: uploadedImageUrl('1'),
    });
    expect(added.statusCode).toBe(201);
    const publisherId = added.json<{ insertedId: string }>().insertedId;
    expect((await purge).body).toEqual({
      tags: [`publisher-${publisherId}`, 'home', 'lists'],
      urls: [`${site}/`, `${site}/allpublishedarticles`],
    });
  });

  it('purges the bylines of a reader who changes their name', async () => {
    const purge = nextPurge();
    const form = await multipartBody([], { name: 'Alice Renamed' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { ...form.headers, cookie: author.cookie },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    expect((await purge).body).toEqual({
      tags: [`author-${author.user.id}`, 'home', 'lists'],
      urls: [`${site}/`, `${site}/allpublishedarticles`],
    });
  });

  it('gathers the changes made while a purge is posted into the next one', async () => {
    const [first, ...burst] = await Promise.all([pending(), pending(), pending(), pending()]);
    const approve = (id: number) =>
      inject('PUT', `/api/articles/${id}`, admin.cookie, { isApproved: true });
    cdn.delayMs = 1_500;
    let purge = nextPurge();
    await approve(first!.id);
    await purge;
    purge = nextPurge();
    for (const { id } of burst) await approve(id);
    const { body } = await purge;
    expect(body.tags).toEqual([
      `article-${burst[0]!.id}`,
      'home',
      'lists',
      ...burst.slice(1).map(({ id }) => `article-${id}`),
    ]);
    expect(body.urls).toHaveLength(2 + burst.length);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cdn.received).toHaveLength(2);
  });

  it('never holds up the write, and logs a purge the CDN refuses', async () => {
    const { id } = await pending();
    cdn.delayMs = 3_000;
    cdn.status = 503;
    const purge = nextPurge();
    const started = Date.now();
    const res = await inject('PUT', `/api/articles/${id}`, admin.cookie, { isApproved: true });
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);
    await purge;
    await expect
      .poll(() => warnings.find((line) => line.msg === 'the CDN refused a purge'), {
        timeout: 6_000,
      })
      .toMatchObject({ status: 503 });
  });
});
