import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstSentences, premiumExcerpt } from '#shared/excerpt';
import { signUp } from '#server/test/auth';
import { createTestApp, type TestApp } from '#server/test/app';
import { createPublisher } from '#server/test/factories';
import { down, up } from './006-premium-excerpt.js';
import * as siteSearch from './010-site-search.js';
import * as publicChangeTriggers from './011-public-change-triggers.js';
import * as storedPages from './015-stored-pages.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('migration 006', () => {
  it('gives every stored article its premium excerpt, in batches', async () => {
    const db = t.app.database.db;
    const author = await signUp(t.app);
    const { id: publisherId } = await createPublisher(db);
    // More articles than one batch holds, with texts a three-sentence excerpt showed whole.
    const texts = [
      'Short. Premium. Text.',
      'no sentence end at all in this one',
      'One. Two. Three. Four.',
    ];
    const count = 1_201;
    const at = new Date().toISOString();
    await db
      .insertInto('article')
      .values(
        Array.from({ length: count }, (_, n) => {
          const description = `${texts[n % texts.length]} ${n}`;
          return {
            title: `Stored ${n}`,
            image: '/uploads/stored.webp',
            publisherId,
            // Bodies came later (019); this migration reads the description alone.
            body: '',
            description,
            excerpt: firstSentences(description, 3),
            premiumExcerpt: '',
            isPremium: n % 2 === 0,
            viewCount: 0,
            isApproved: true,
            adminMessage: null,
            authorId: author.user.id,
            createdAt: at,
            updatedAt: at,
          };
        }),
      )
      .execute();

    // The schema as it was before 006 (so without the search index and the triggers, which
    // name its column), then 006 again, and the others back.
    const untyped = db as unknown as Kysely<unknown>;
    await storedPages.down(untyped);
    await publicChangeTriggers.down(untyped);
    await siteSearch.down(untyped);
    await down(untyped);
    await up(untyped);
    await siteSearch.up(untyped);
    await publicChangeTriggers.up(untyped);
    await storedPages.up(untyped);

    const rows = await db.selectFrom('article').select(['description', 'premiumExcerpt']).execute();
    expect(rows).toHaveLength(count);
    for (const row of rows) {
      expect(row.premiumExcerpt).toBe(premiumExcerpt(row.description));
      expect(row.premiumExcerpt.length).toBeLessThan(row.description.length);
    }
  });
});
