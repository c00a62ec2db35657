import { plainTextToBody } from '#shared/article-body/plain-text';
import { articleTextColumns } from '#shared/excerpt';
import { plans } from '#shared/plans';
import type { Db } from '#server/db/database';
import { articleActivity } from './activity.js';
import type { DemoMedia } from './media.js';
import { demoId, type PersonKey } from './people.js';
import type { PublisherKey } from './publishers.js';
import { daysBefore } from './time.js';

/** Inserts the publishers and answers their new ids by key. */
export async function insertPublishers(
  trx: Db,
  publishers: DemoMedia['publishers'],
  now: Date,
): Promise<Map<PublisherKey, number>> {
  const ids = new Map<PublisherKey, number>();
  for (const [index, { publisher, logo }] of publishers.entries()) {
    const row = await trx
      .insertInto('publisher')
      .values({
        name: publisher.name,
        logo: logo.image,
        createdAt: daysBefore(now, 400 - index).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(publisher.key, row.id);
  }
  return ids;
}

/**
 * Inserts the users, a password credential for each demo account (the same argon2 digest for
 * all four, hashed once) and the premium account's subscription; answers the user ids by key.
 */
export async function insertPeople(
  trx: Db,
  media: DemoMedia,
  passwordDigest: string,
  now: Date,
): Promise<Map<PersonKey, string>> {
  const ids = new Map<PersonKey, string>();
  const articleCounts = new Map<PersonKey, number>();
  for (const { draft } of media.articles) {
    articleCounts.set(draft.author, (articleCounts.get(draft.author) ?? 0) + 1);
  }
  // The demo premium account stays premium for a year, so the demo keeps working; its one
  // purchase carries that expiry rather than the plan's ten days.
  const premiumUntil = daysBefore(now, -365).toISOString();

  for (const { person, avatar } of media.people) {
    const id = demoId(person.email);
    ids.set(person.key, id);
    const joined = daysBefore(now, person.joinedDaysAgo).toISOString();
    await trx
      .insertInto('user')
      .values({
        id,
        name: person.name,
        email: person.email,
        emailVerified: true,
        image: avatar.image,
        createdAt: joined,
        updatedAt: joined,
        isAdmin: person.isAdmin ?? false,
        publishedArticles: articleCounts.get(person.key) ?? 0,
        premiumUntil: person.isPremium ? premiumUntil : null,
      })
      .execute();
    if (person.role !== undefined) {
      await trx
        .insertInto('account')
        .values({
          id: demoId(`account:${person.email}`),
          accountId: id,
          providerId: 'credential',
          userId: id,
          password: passwordDigest,
          createdAt: joined,
          updatedAt: joined,
        })
        .execute();
    }
    if (person.isPremium) {
      const plan = plans.find((p) => p.id === '10-days');
      if (!plan) throw new Error('The 10-days plan is missing');
      await trx
        .insertInto('subscription')
        .values({
          userId: id,
          plan: plan.id,
          price: plan.price,
          transactionId: 'demo_seed_premium',
          purchasedAt: daysBefore(now, 2).toISOString(),
          expiresAt: premiumUntil,
        })
        .execute();
    }
  }
  return ids;
}

/** Inserts the articles with their tags. */
export async function insertArticles(
  trx: Db,
  articles: DemoMedia['articles'],
  publisherIds: ReadonlyMap<PublisherKey, number>,
  authorIds: ReadonlyMap<PersonKey, string>,
  now: Date,
): Promise<void> {
  for (const { draft, image } of articles) {
    const publisherId = publisherIds.get(draft.publisher);
    const authorId = authorIds.get(draft.author);
    if (publisherId === undefined || authorId === undefined) {
      throw new Error(`"${draft.title}" names an unknown publisher or author`);
    }
    const { createdAt, viewCount } = articleActivity(draft, now);
    const body = plainTextToBody(draft.paragraphs.join('\n\n'));
    const { status } = draft;
    const row = await trx
      .insertInto('article')
      .values({
        title: draft.title,
        image,
        publisherId,
        ...articleTextColumns(body),
        isPremium: status === 'premium',
        viewCount,
        isApproved: status === 'approved' || status === 'premium',
        adminMessage: typeof status === 'object' ? status.declined : null,
        authorId,
        createdAt: createdAt.toISOString(),
        updatedAt: createdAt.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('articleTag')
      .values(draft.tags.map((tag) => ({ articleId: row.id, tag })))
      .execute();
  }
}
