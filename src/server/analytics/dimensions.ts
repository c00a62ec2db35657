import {
  sql,
  type AliasableExpression,
  type Expression,
  type ExpressionBuilder,
  type OnConflictBuilder,
  type SelectQueryBuilder,
  type Transaction,
} from 'kysely';
import { analyticsSpans } from '#shared/api/analytics';
import type { AnalyticsCounters, AnalyticsEventKind, Database } from '#server/db/schema';
import { addDays } from './days.js';

type Trx = Transaction<Database>;

export const counterNames = [
  'pageViews',
  'walls',
  'meteredReads',
  'checkouts',
  'subscriptions',
  'registrations',
  'newsletterSignups',
  'giftsGiven',
  'giftsOpened',
  'engagedCount',
  'engagedSeconds',
  'scrollCount',
  'scrollSum',
] as const satisfies readonly (keyof AnalyticsCounters)[];

/** The counter an event adds one to (engagement adds to its own sums). */
export const counterOf: Record<AnalyticsEventKind, keyof AnalyticsCounters | null> = {
  pageview: 'pageViews',
  engagement: null,
  paywall: 'walls',
  registration_wall: 'walls',
  metered_read: 'meteredReads',
  checkout: 'checkouts',
  subscription: 'subscriptions',
  registration: 'registrations',
  newsletter_signup: 'newsletterSignups',
  gift_given: 'giftsGiven',
  gift_opened: 'giftsOpened',
};

/** The counters the site's roll-up counts only for events credited to an article's wall. */
export const creditedOnly = new Set<keyof AnalyticsCounters>([
  'checkouts',
  'subscriptions',
  'registrations',
]);

/** Rows one upsert writes: 15 parameters each, well inside either engine's limit. */
const rowsPerStatement = 500;

/** Adds `rows` to the counts of `table` by its primary key `keys` (a row not there is made). */
export async function addRows(
  trx: Trx,
  table: keyof Database,
  keys: string[],
  rows: object[],
  counters: readonly string[] = counterNames,
): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    await trx
      .insertInto(table as 'analyticsSite')
      .values(rows.slice(start, start + rowsPerStatement) as never)
      .onConflict((oc) => addedOnConflict(oc, table, keys, counters))
      .execute();
  }
}

/** The upsert's conflict clause that adds a new row's counters to the row already there. */
function addedOnConflict(
  oc: OnConflictBuilder<Database, 'analyticsSite'>,
  table: keyof Database,
  keys: string[],
  counters: readonly string[],
) {
  return oc
    .columns(keys as never)
    .doUpdateSet(
      (eb) =>
        Object.fromEntries(
          counters.map((name) => [
            name,
            eb(eb.ref(`${table}.${name}` as never), '+', eb.ref(`excluded.${name}` as never)),
          ]),
        ) as never,
    );
}

/** The raw events of one roll-up: ids after `after`, up to and with `upTo`. */
export interface EventRange {
  after: number;
  upTo: number;
}

/** The events of `range`. */
export function eventsIn(
  trx: Trx,
  range: EventRange,
): SelectQueryBuilder<Database, 'analyticsEvent', object> {
  return trx
    .selectFrom('analyticsEvent')
    .where('id', '>', range.after)
    .where('id', '<=', range.upTo);
}

/** An event's day in the site's time zone: the first ten characters of its hour. */
export const eventDay = sql<string>`substr(${sql.ref('hour')}, 1, 10)`;

/** The kinds of event that add one to `counter`. */
const kindsOf = (counter: keyof AnalyticsCounters) =>
  (Object.keys(counterOf) as AnalyticsEventKind[]).filter((kind) => counterOf[kind] === counter);

/**
 * The counters of a group of events, in the order of `counterNames`; the site's (`site`) count
 * checkouts and the like only when credited to an article.
 */
function counted(eb: ExpressionBuilder<Database, 'analyticsEvent'>, site: boolean) {
  const sums: Partial<Record<keyof AnalyticsCounters, AliasableExpression<number>>> = {
    engagedCount: eb.fn.count<number>('engagedSeconds'),
    engagedSeconds: eb.fn.coalesce(eb.fn.sum<number>('engagedSeconds'), eb.lit(0)),
    scrollCount: eb.fn.count<number>('scrollDepth'),
    scrollSum: eb.fn.coalesce(eb.fn.sum<number>('scrollDepth'), eb.lit(0)),
  };
  return counterNames.map((name) =>
    (
      sums[name] ??
      eb.fn
        .countAll<number>()
        .filterWhere((w) =>
          site && creditedOnly.has(name)
            ? w.and([w('kind', 'in', kindsOf(name)), w('articleId', 'is not', null)])
            : w('kind', 'in', kindsOf(name)),
        )
    ).as(name),
  );
}

/** Adds the groups `select` answers (their keys, then `counters`) to `table`'s rows. */
export async function addSelected(
  trx: Trx,
  table: keyof Database,
  keys: string[],
  select: Expression<object>,
  counters: readonly string[] = counterNames,
): Promise<void> {
  await trx
    .insertInto(table as 'analyticsSite')
    .columns([...keys, ...counters] as never)
    .expression(select as never)
    .onConflict((oc) => addedOnConflict(oc, table, keys, counters))
    .execute();
}

/**
 * Adds the events of `range` to the per-dimension roll-ups (migrations 029, 030, 033): the
 * site's per hour and day, each article's, publisher's, source's, device's and country's per
 * day, and the articles' span totals, which are first moved on to `newest`, the newest day among
 * the events. Each is one statement that groups the range's events and adds each group to its
 * row: the database sums in one pass what counting them in the process took a statement's
 * values for each (PERFORMANCE.md, item 48).
 */
export async function addDimensions(trx: Trx, range: EventRange, newest: string): Promise<void> {
  const spans = await advanceSpans(trx, newest);
  const events = eventsIn(trx, range);
  await addSelected(
    trx,
    'analyticsSite',
    ['bucket'],
    events.select((eb) => [eb.ref('hour').as('bucket'), ...counted(eb, true)]).groupBy('hour'),
  );
  await addSelected(
    trx,
    'analyticsSite',
    ['bucket'],
    events.select((eb) => [eventDay.as('bucket'), ...counted(eb, true)]).groupBy(eventDay),
  );
  const ofArticles = events.where('articleId', 'is not', null);
  await addSelected(
    trx,
    'analyticsArticleDaily',
    ['articleId', 'bucket'],
    ofArticles
      .select((eb) => ['articleId', eventDay.as('bucket'), ...counted(eb, false)])
      .groupBy(['articleId', eventDay]),
  );
  await addSelected(
    trx,
    'analyticsPublisherDaily',
    ['bucket', 'publisherId'],
    events
      .where('publisherId', 'is not', null)
      .select((eb) => [eventDay.as('bucket'), 'publisherId', ...counted(eb, false)])
      .groupBy([eventDay, 'publisherId']),
  );
  await addSelected(
    trx,
    'analyticsDeviceDaily',
    ['bucket', 'device'],
    events
      .select((eb) => [eventDay.as('bucket'), 'device', ...counted(eb, false)])
      .groupBy([eventDay, 'device']),
  );
  const pageViews = events.where('kind', '=', 'pageview');
  await addSelected(
    trx,
    'analyticsSourceDaily',
    ['bucket', 'sourceKind', 'source'],
    pageViews
      .where('sourceKind', '!=', '')
      .select((eb) => [eventDay.as('bucket'), 'sourceKind', 'source', eb.fn.countAll().as('n')])
      .groupBy([eventDay, 'sourceKind', 'source']),
    ['pageViews'],
  );
  await addSelected(
    trx,
    'analyticsCountryDaily',
    ['bucket', 'country'],
    pageViews
      .where('country', 'is not', null)
      .where('country', '!=', '')
      .select((eb) => [eventDay.as('bucket'), 'country', eb.fn.countAll().as('n')])
      .groupBy([eventDay, 'country']),
    ['pageViews'],
  );
  // Each span's totals take the events of its days.
  for (const days of analyticsSpans) {
    await addSelected(
      trx,
      'analyticsArticleSpan',
      ['days', 'articleId'],
      ofArticles
        .where(eventDay, '>', addDays(spans.get(days)!, -days))
        .select((eb) => [eb.lit(days).as('days'), 'articleId', ...counted(eb, false)])
        .groupBy('articleId'),
    );
  }
}

/**
 * Moves each span's article totals on to end on `day` if they end before it: the days that
 * leave the span are taken off (their article rows read whole, about one row per article read
 * that day), or, when the whole span leaves (or there are no totals yet), the totals are made
 * again from the articles' daily counts. Answers the day each span now ends on.
 */
export async function advanceSpans(trx: Trx, day: string): Promise<Map<number, string>> {
  const kept = await trx.selectFrom('analyticsSpan').select(['days', 'day']).execute();
  const ends = new Map(kept.map((row) => [Number(row.days), row.day]));
  for (const days of analyticsSpans) {
    const end = ends.get(days);
    if (end !== undefined && end >= day) continue;
    if (end === undefined || end <= addDays(day, -days)) {
      await rebuildSpan(trx, days, day);
    } else {
      const leaving = await trx
        .selectFrom('analyticsArticleDaily')
        .select(['articleId', ...counterNames])
        .where('bucket', '>=', addDays(end, -(days - 1)))
        .where('bucket', '<=', addDays(day, -days))
        .execute();
      const taken = leaving.map((row) => ({
        days,
        articleId: row.articleId,
        ...Object.fromEntries(counterNames.map((name) => [name, -Number(row[name])])),
      }));
      await addRows(trx, 'analyticsArticleSpan', ['days', 'articleId'], taken);
    }
    await trx
      .insertInto('analyticsSpan')
      .values({ days, day })
      .onConflict((oc) => oc.column('days').doUpdateSet({ day }))
      .execute();
    ends.set(days, day);
  }
  return ends;
}

async function rebuildSpan(trx: Trx, days: number, day: string): Promise<void> {
  await trx.deleteFrom('analyticsArticleSpan').where('days', '=', days).execute();
  const columns = sql.join(counterNames.map((name) => sql.ref(name)));
  const sums = sql.join(counterNames.map((name) => sql`sum(${sql.ref(name)})`));
  await sql`insert into ${sql.table('analyticsArticleSpan')} (days, ${sql.ref('articleId')}, ${columns})
    select ${days}, ${sql.ref('articleId')}, ${sums} from ${sql.table('analyticsArticleDaily')}
    where bucket >= ${addDays(day, -(days - 1))} and bucket <= ${day}
    group by ${sql.ref('articleId')}`.execute(trx);
}
