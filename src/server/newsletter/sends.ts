import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '#server/db/schema';
import type { Db } from '#server/db/database';

/**
 * Who receives an article's news: confirmed subscribers of the daily digest, and those who
 * follow its publisher.
 */
function receivesArticle(publisherId: number) {
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
            .where('follows.publisherId', '=', publisherId),
        ),
      ]),
    ]);
}

/** How many would receive an article sent now: the admin's confirmation says it. */
export async function articleRecipientCount(db: Db, publisherId: number): Promise<number> {
  const row = await db
    .selectFrom('newsletterSubscriber')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(receivesArticle(publisherId))
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
    const queued = await trx
      .insertInto('newsletterDelivery')
      .columns(['sendId', 'subscriberId', 'status', 'nextAttemptAt'])
      .expression((eb) =>
        eb
          .selectFrom('newsletterSubscriber')
          .select([
            eb.val(send.id).as('sendId'),
            'newsletterSubscriber.id',
            eb.val('queued').as('status'),
            eb.val(now.getTime()).as('nextAttemptAt'),
          ])
          .where(receivesArticle(article.publisherId)),
      )
      .executeTakeFirst();
    const recipients = Number(queued.numInsertedOrUpdatedRows ?? 0);
    await trx
      .updateTable('newsletterSend')
      .set({
        recipients,
        // Nobody to send to: done as it starts.
        ...(recipients === 0 && { status: 'done', finishedAt: now.toISOString() }),
      })
      .where('id', '=', send.id)
      .execute();
    return { id: send.id, recipients };
  });
}
