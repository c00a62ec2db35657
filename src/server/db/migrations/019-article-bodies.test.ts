import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainTextToBody } from '#shared/article-body/plain-text';
import { articleTextColumns } from '#shared/excerpt';
import { signUp } from '#server/test/auth';
import { createTestApp, type TestApp } from '#server/test/app';
import { createArticle } from '#server/test/factories';
import { down, up } from './019-article-bodies.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('migration 019', () => {
  it('gives every article and pending edit the body its text makes, in batches', async () => {
    const db = t.app.database.db;
    const author = await signUp(t.app);
    const texts = [
      'One paragraph. With two sentences.',
      'First paragraph.\n\nSecond paragraph, with a line\nbreak in it.',
      `${'A long premium opening. '.repeat(10)}\n\n${'The rest is for subscribers. '.repeat(10)}`,
    ];
    const count = 1_003;
    const ids: number[] = [];
    for (let n = 0; n < count; n++) {
      const text = `${texts[n % texts.length]} ${n}`;
      const { id } = await createArticle(db, author.user.id, {
        description: text,
        isPremium: n % 2 === 0,
      });
      ids.push(id);
    }
    const live = ids[0]!;
    await db
      .insertInto('articleRevision')
      .values({
        articleId: live,
        title: 'An edit',
        image: '/uploads/edit.webp',
        publisherId: (
          await db
            .selectFrom('article')
            .select('publisherId')
            .where('id', '=', live)
            .executeTakeFirstOrThrow()
        ).publisherId,
        body: '',
        description: 'The edit.\n\nIts second paragraph.',
        tags: 'politics',
        submittedAt: new Date().toISOString(),
      })
      .execute();

    // As the tables were before 019, then 019 again.
    const untyped = db as unknown as Kysely<unknown>;
    await down(untyped);
    await up(untyped);

    const rows = await db
      .selectFrom('article')
      .select(['body', 'description', 'premiumExcerpt'])
      .execute();
    expect(rows).toHaveLength(count);
    for (const row of rows) {
      const body = plainTextToBody(row.description);
      expect(JSON.parse(row.body)).toEqual(body);
      expect(row.premiumExcerpt).toBe(articleTextColumns(body).premiumExcerpt);
    }
    const revision = await db
      .selectFrom('articleRevision')
      .select('body')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(revision.body)).toEqual(
      plainTextToBody('The edit.\n\nIts second paragraph.'),
    );
  });
});
