import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import type { Db } from '#server/db/database';

/**
 * Who receives news of these publishers' articles: confirmed subscribers of the daily digest,
 * and those who follow one of the publishers.
 */
function receivesNewsOf(publisherIds: readonly number[]) {
  return (eb: ExpressionBuilder<Database, 'newsletterSubscriber'>) =>
    eb.and([
      eb('newsletterSubscriber.status', '=', 'confirmed'),
      eb.or([
        eb('newsletterSubscriber.digest', '=', true),
        eb.exists(
          eb
            .selectFrom('newsletterSubscriberPublisher as follows')
            .select(sql`1`.as('one'))
            .whereRef('follows.subscriberId', '=', 'newsletterSubscriber.id')
            .where('follows.publisherId', 'in', publisherIds),
        ),
      ]),
    ]);
}

/**
 * A send's deliveries, one per subscriber it concerns, written by one statement; the send then
 * says how many (and is done at once when there is nobody).
 */
async function queueDeliveries(
  trx: Transaction<Database>,
  sendId: number,
  publisherIds: readonly number[],
  now: Date,
): Promise<{ id: number; recipients: number }> {
  const queued = await trx
    .insertInto('newsletterDelivery')
    .columns(['sendId', 'subscriberId', 'status', 'nextAttemptAt'])
    .expression((eb) =>
      eb
        .selectFrom('newsletterSubscriber')
        .select([
          eb.val(sendId).as('sendId'),
          'newsletterSubscriber.id',
          eb.val('queued').as('status'),
          eb.val(now.getTime()).as('nextAttemptAt'),
        ])
        .where(receivesNewsOf(publisherIds)),
    )
    .executeTakeFirst();
  const recipients = Number(queued.numInsertedOrUpdatedRows ?? 0);
  await trx
    .updateTable('newsletterSend')
    .set({
      recipients,
      ...(recipients === 0 && { status: 'done', finishedAt: now.toISOString() }),
    })
    .where('id', '=', sendId)
    .execute();
  return { id: sendId, recipients };
}

/** How many would receive an article sent now: the admin's confirmation says it. */
export async function articleRecipientCount(db: Db, publisherId: number): Promise<number> {
  const row = await db
    .selectFrom('newsletterSubscriber')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(receivesNewsOf([publisherId]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface SendArticle {
  id: number;
  title: string;
  publisherId: number;
}

/**
 * Queues an article's send: the send, and one delivery per recipient, written by one statement
 * in the same transaction (so a send is never half queued). An article goes once: a second
 * request finds it sent and answers undefined.
 */
export async function queueArticleSend(
  db: Db,
  article: SendArticle,
  adminId: string,
  now: Date,
): Promise<{ id: number; recipients: number } | undefined> {
  return db.transaction().execute(async (trx) => {
    const send = await trx
      .insertInto('newsletterSend')
      .values({
        kind: 'article',
        articleId: article.id,
        articleIds: JSON.stringify([article.id]),
        subject: article.title,
        status: 'sending',
        createdBy: adminId,
        createdAt: now.toISOString(),
      })
      .onConflict((conflict) => conflict.column('articleId').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!send) return undefined;
    return queueDeliveries(trx, send.id, [article.publisherId], now);
  });
}

/** A digest's subject: its newest article, and how many more it holds. */
export function digestSubject(siteName: string, titles: readonly string[]): string {
  const more = titles.length > 1 ? ` and ${titles.length - 1} more` : '';
  return `Today on ${siteName}: ${titles[0]}${more}`;
}

/** The most articles one digest carries: the newest of the day. */
export const digestMaxArticles = 30;

/**
 * Queues the day's digest, once a day whichever server asks first (`digest_day` is unique): the
 * articles approved since the last digest (or in the last day, for the first), to the confirmed
 * readers of the digest and those who follow one of their publishers. Nothing new, no digest.
 */
export async function queueDigest(
  db: Db,
  day: string,
  siteName: string,
  now: Date,
): Promise<{ id: number; recipients: number } | undefined> {
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('newsletterSend')
      .select('id')
      .where('digestDay', '=', day)
      .executeTakeFirst();
    if (taken) return undefined;
    const last = await trx
      .selectFrom('newsletterSend')
      .select('createdAt')
      .where('kind', '=', 'digest')
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    const since = last
      ? new Date(last.createdAt).toISOString()
      : new Date(now.getTime() - 24 * 60 * 60_000).toISOString();
    const articles = await trx
      .selectFrom('article')
      .select(['id', 'title', 'publisherId'])
      .where('isApproved', '=', true)
      .where('createdAt', '>', since)
      .where('createdAt', '<=', now.toISOString())
      .orderBy('createdAt', 'desc')
      .limit(digestMaxArticles)
      .execute();
    if (articles.length === 0) return undefined;
    const send = await trx
      .insertInto('newsletterSend')
      .values({
        kind: 'digest',
        digestDay: day,
        articleIds: JSON.stringify(articles.map((a) => a.id)),
        subject: digestSubject(
          siteName,
          articles.map((a) => a.title),
        ),
        status: 'sending',
        createdAt: now.toISOString(),
      })
      .onConflict((conflict) => conflict.column('digestDay').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!send) return undefined;
    const publisherIds = [...new Set(articles.map((a) => a.publisherId))];
    return queueDeliveries(trx, send.id, publisherIds, now);
  });
}
