import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type {
  NewsletterSendProgress,
  NewsletterStats,
  SubscriberDay,
} from '#shared/api/newsletter-ops';
import type { Db } from '#server/db/database';

const dayMs = 24 * 60 * 60_000;
const iso = (value: Date | string) => new Date(value).toISOString();

/** The UTC day (YYYY-MM-DD) of a timestamp column, as each engine stores it. */
function dayOf(
  db: Db,
  column: 'confirmed_at' | 'updated_at' | 'suppressed_at',
): RawBuilder<string> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}

/**
 * The subscribers' changes a day (UTC) for the last `days` days, today included: confirmed
 * (by `confirmed_at`, the latest confirmation of each address), unsubscribed (those unsubscribed
 * now, by the day of their last change) and suppressed (by `suppressed_at`, the latest). Each is
 * one grouped read by its index (migration 024); then the totals by state.
 */
export async function newsletterStats(db: Db, days: number, now: Date): Promise<NewsletterStats> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (days - 1) * dayMs).toISOString();
  const perDay = (
    column: 'confirmed_at' | 'updated_at' | 'suppressed_at',
    onlyUnsubscribed = false,
  ) => {
    const day = dayOf(db, column);
    return db
      .selectFrom('newsletterSubscriber')
      .select((eb) => [day.as('day'), eb.fn.countAll<number | string>().as('count')])
      .$if(onlyUnsubscribed, (q) => q.where('status', '=', 'unsubscribed'))
      .where(sql.ref(column), '>=', since)
      .groupBy(day)
      .execute()
      .then((rows) => new Map(rows.map((row) => [row.day, Number(row.count)])));
  };
  const [confirmed, unsubscribed, suppressed, states] = await Promise.all([
    perDay('confirmed_at'),
    perDay('updated_at', true),
    perDay('suppressed_at'),
    db
      .selectFrom('newsletterSubscriber')
      .select((eb) => ['status', eb.fn.countAll<number | string>().as('count')])
      .groupBy('status')
      .execute(),
  ]);
  const series: SubscriberDay[] = Array.from({ length: days }, (_, i) => {
    const day = new Date(today - (days - 1 - i) * dayMs).toISOString().slice(0, 10);
    return {
      day,
      confirmed: confirmed.get(day) ?? 0,
      unsubscribed: unsubscribed.get(day) ?? 0,
      suppressed: suppressed.get(day) ?? 0,
    };
  });
  const total = (status: string) => Number(states.find((s) => s.status === status)?.count ?? 0);
  return {
    days: series,
    totals: {
      pending: total('pending'),
      confirmed: total('confirmed'),
      unsubscribed: total('unsubscribed'),
      suppressed: total('suppressed'),
    },
  };
}

/** One page of the sends, newest first, each with its deliveries counted by state. */
export async function sendsPage(
  db: Db,
  page: number,
  limit: number,
): Promise<{ sends: NewsletterSendProgress[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('newsletterSend')
      .select([
        'id',
        'kind',
        'subject',
        'status',
        'createdAt',
        'finishedAt',
        'recipients',
        'complaints',
      ])
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('newsletterSend')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  const counts =
    rows.length === 0
      ? []
      : await db
          .selectFrom('newsletterDelivery')
          .select((eb) => ['sendId', 'status', eb.fn.countAll<number | string>().as('count')])
          .where(
            'sendId',
            'in',
            rows.map((row) => row.id),
          )
          .groupBy(['sendId', 'status'])
          .execute();
  const countOf = (sendId: number, status: string) =>
    Number(counts.find((c) => c.sendId === sendId && c.status === status)?.count ?? 0);
  return {
    total: Number(count.count),
    sends: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      subject: row.subject,
      status: row.status,
      createdAt: iso(row.createdAt),
      finishedAt: row.finishedAt === null ? null : iso(row.finishedAt),
      recipients: Number(row.recipients),
      complaints: Number(row.complaints),
      queued: countOf(row.id, 'queued'),
      sent: countOf(row.id, 'sent'),
      failed: countOf(row.id, 'failed'),
      bounced: countOf(row.id, 'bounced'),
    })),
  };
}
