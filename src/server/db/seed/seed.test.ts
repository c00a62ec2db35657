import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainTextToBody } from '#shared/article-body/plain-text';
import { articleTextColumns, firstSentences } from '#shared/excerpt';
import { tags } from '#shared/tags';
import { verifyPassword } from '#server/auth/password';
import { LocalImageStore } from '#server/images/local-store';
import { createTestDatabase, type TestDatabase } from '#server/test/database';
import type { Db } from '#server/db/database';
import { demoAccounts, demoPassword, seedDemoContent } from './index.js';
import { createDemoMedia } from './media.js';

const now = new Date('2025-06-15T12:00:00.000Z');
const dayMs = 24 * 60 * 60 * 1000;

let database: TestDatabase;
let db: Db;
let uploads: string;
let firstResult: { seeded: boolean };

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  uploads = path.join(database.dataDir, 'uploads');
  firstResult = await seedDemoContent(db, new LocalImageStore(uploads), now);
});

afterAll(() => database.cleanup());

const tables = ['user', 'account', 'publisher', 'article', 'articleTag', 'subscription'] as const;

async function rowCounts(): Promise<number[]> {
  return Promise.all(
    tables.map(async (table) => (await db.selectFrom(table).selectAll().execute()).length),
  );
}

function storedFile(url: string): string {
  expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
  return path.join(uploads, path.basename(url));
}

/** The same sentence boundaries as firstSentences, within one paragraph. */
function sentences(paragraph: string): string[] {
  return paragraph.split(/(?<=[.!?]["'”’)]*)\s+/);
}

function articles() {
  return db.selectFrom('article').selectAll().execute();
}

describe('seedDemoContent', () => {
  it('seeds an empty database', () => {
    expect(firstResult).toEqual({ seeded: true });
  });

  it('adds at least six publishers, each with a stored logo', async () => {
    const publishers = await db.selectFrom('publisher').selectAll().execute();
    expect(publishers.length).toBeGreaterThanOrEqual(6);
    for (const publisher of publishers) expect(existsSync(storedFile(publisher.logo))).toBe(true);
  });

  it('stores each logo at 160 px too, as an upload is, for the home page to fetch', async () => {
    const variants = await db.selectFrom('imageVariant').selectAll().execute();
    for (const { logo } of await db.selectFrom('publisher').select('logo').execute()) {
      const widths = variants.filter((variant) => variant.image === logo);
      expect(widths.map((variant) => variant.width).sort((a, b) => a - b)).toEqual([160, 256]);
      for (const variant of widths) expect(existsSync(storedFile(variant.url))).toBe(true);
    }
  });

  it('stores each person’s photo at 160 px too, for the avatars drawn 36 to 56 px wide', async () => {
    const variants = await db.selectFrom('imageVariant').selectAll().execute();
    const people = await db.selectFrom('user').select('image').execute();
    expect(people.length).toBeGreaterThanOrEqual(4);
    for (const { image } of people) {
      const widths = variants.filter((variant) => variant.image === image);
      expect(widths.map((variant) => variant.width).sort((a, b) => a - b)).toEqual([160, 256]);
      for (const variant of widths) expect(existsSync(storedFile(variant.url))).toBe(true);
    }
  });

  it('adds at least 40 articles over every tag and every publisher, each with an image', async () => {
    const rows = await articles();
    expect(rows.length).toBeGreaterThanOrEqual(40);
    for (const row of rows) expect(existsSync(storedFile(row.image))).toBe(true);

    const articleTags = await db.selectFrom('articleTag').selectAll().execute();
    expect(new Set(articleTags.map((t) => t.tag))).toEqual(new Set(tags));
    for (const row of rows) {
      const count = articleTags.filter((t) => t.articleId === row.id).length;
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(3);
    }

    const publishers = await db.selectFrom('publisher').select('id').execute();
    expect(new Set(rows.map((r) => r.publisherId))).toEqual(new Set(publishers.map((p) => p.id)));
  });

  it('stores each article image in narrower widths too, as uploads are', async () => {
    const variants = await db.selectFrom('imageVariant').selectAll().execute();
    for (const row of await articles()) {
      const widths = variants.filter((variant) => variant.image === row.image);
      expect(widths.map((variant) => variant.width).sort((a, b) => a - b)).toEqual([
        160, 400, 800, 1200,
      ]);
      for (const variant of widths) expect(existsSync(storedFile(variant.url))).toBe(true);
    }
  });

  it('shows every article state, with published non-premium articles the majority', async () => {
    const rows = await articles();
    const premium = rows.filter((r) => Boolean(r.isApproved) && Boolean(r.isPremium));
    const published = rows.filter((r) => Boolean(r.isApproved) && !r.isPremium);
    const pending = rows.filter((r) => !r.isApproved && r.adminMessage === null);
    const declined = rows.filter((r) => !r.isApproved && r.adminMessage !== null);
    expect(premium.length).toBeGreaterThan(0);
    expect(pending.length).toBeGreaterThan(0);
    expect(declined.length).toBeGreaterThan(0);
    expect(published.length).toBeGreaterThan(rows.length / 2);
    for (const row of [...pending, ...declined]) expect(Boolean(row.isPremium)).toBe(false);
    for (const row of [...premium, ...published]) expect(row.adminMessage).toBeNull();
  });

  it('writes articles as real text: unique titles, paragraphs of sentences, a 3-sentence excerpt', async () => {
    const rows = await articles();
    expect(new Set(rows.map((r) => r.title)).size).toBe(rows.length);
    expect(rows.some((r) => /\d\.\d+ percent/.test(r.description))).toBe(true);
    for (const row of rows) {
      const paragraphs = row.description.split('\n\n');
      expect(paragraphs.length, row.title).toBeGreaterThanOrEqual(3);
      expect(paragraphs.length, row.title).toBeLessThanOrEqual(6);
      for (const paragraph of paragraphs) {
        expect(sentences(paragraph).length, paragraph).toBeGreaterThanOrEqual(2);
        expect(sentences(paragraph).length, paragraph).toBeLessThanOrEqual(4);
      }
      expect(row.excerpt).toBe(firstSentences(row.description, 3));
      expect(JSON.parse(row.body)).toEqual(plainTextToBody(row.description));
      expect(row.premiumExcerpt).toBe(
        articleTextColumns(plainTextToBody(row.description)).premiumExcerpt,
      );
    }
  });

  it('dates articles within the 60 days before now, with varied view counts', async () => {
    const rows = await articles();
    for (const row of rows) {
      const created = new Date(row.createdAt).getTime();
      expect(created).toBeLessThan(now.getTime());
      expect(created).toBeGreaterThan(now.getTime() - 61 * dayMs);
      expect(new Date(row.updatedAt).getTime()).toBe(created);
    }
    const views = rows.filter((r) => Boolean(r.isApproved)).map((r) => r.viewCount);
    expect(Math.max(...views)).toBeGreaterThan(1000);
    for (const row of rows.filter((r) => !r.isApproved)) expect(row.viewCount).toBeLessThan(10);
  });

  it('creates the four demo accounts with the right flags and a working password', async () => {
    expect(demoAccounts.map((a) => a.email)).toEqual([
      'admin@example.com',
      'premium@example.com',
      'writer@example.com',
      'reader@example.com',
    ]);
    for (const { email } of demoAccounts) {
      const user = await db
        .selectFrom('user')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(Boolean(user.emailVerified)).toBe(true);
      expect(existsSync(storedFile(user.image ?? ''))).toBe(true);
      expect(Boolean(user.isAdmin)).toBe(email === 'admin@example.com');
      if (email === 'premium@example.com') {
        expect(new Date(user.premiumUntil ?? 0).getTime()).toBe(now.getTime() + 365 * dayMs);
      } else {
        expect(user.premiumUntil).toBeNull();
      }

      const account = await db
        .selectFrom('account')
        .selectAll()
        .where('userId', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(account.providerId).toBe('credential');
      expect(account.accountId).toBe(user.id);
      expect(await verifyPassword(account.password ?? '', demoPassword)).toBe(true);
    }
  });

  it("records the premium account's purchase", async () => {
    const user = await db
      .selectFrom('user')
      .selectAll()
      .where('email', '=', 'premium@example.com')
      .executeTakeFirstOrThrow();
    const subscriptions = await db.selectFrom('subscription').selectAll().execute();
    expect(subscriptions).toHaveLength(1);
    const [subscription] = subscriptions;
    expect(subscription).toMatchObject({ userId: user.id, plan: '10-days', price: 2000 });
    expect(subscription?.transactionId).toBe('demo_seed_premium');
    expect(new Date(subscription?.expiresAt ?? 0).getTime()).toBe(
      new Date(user.premiumUntil ?? 0).getTime(),
    );
    expect(new Date(subscription?.purchasedAt ?? 0).getTime()).toBeLessThan(now.getTime());
  });

  it("counts each user's articles: the writer has one, the reader none", async () => {
    const users = await db.selectFrom('user').selectAll().execute();
    const rows = await articles();
    for (const user of users) {
      expect(user.publishedArticles, user.email).toBe(
        rows.filter((r) => r.authorId === user.id).length,
      );
    }
    const byEmail = new Map(users.map((u) => [u.email, u]));
    expect(byEmail.get('writer@example.com')?.publishedArticles).toBe(1);
    expect(byEmail.get('reader@example.com')?.publishedArticles).toBe(0);
  });

  it('gives staff writers articles but no way to sign in', async () => {
    const staff = await db
      .selectFrom('user')
      .selectAll()
      .where(
        'email',
        'not in',
        demoAccounts.map((a) => a.email),
      )
      .execute();
    expect(staff.length).toBeGreaterThanOrEqual(4);
    const accounts = await db.selectFrom('account').select('userId').execute();
    for (const user of staff) {
      expect(user.publishedArticles).toBeGreaterThan(0);
      expect(accounts.map((a) => a.userId)).not.toContain(user.id);
    }
  });

  it('draws the same images on every run', async () => {
    const otherDir = mkdtempSync(path.join(os.tmpdir(), 'tribune-seed-'));
    try {
      const media = await createDemoMedia(new LocalImageStore(otherDir));
      const rows = await articles();
      expect(media.articles.map((a) => a.image).sort()).toEqual(rows.map((r) => r.image).sort());
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('changes nothing when the database already has content', async () => {
    const before = await rowCounts();
    expect(await seedDemoContent(db, new LocalImageStore(uploads), now)).toEqual({ seeded: false });
    expect(await rowCounts()).toEqual(before);
  });
});
