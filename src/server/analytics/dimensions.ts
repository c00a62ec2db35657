import { sql, type Transaction } from 'kysely';
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
const counterOf: Record<AnalyticsEventKind, keyof AnalyticsCounters | null> = {
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
const creditedOnly = new Set<keyof AnalyticsCounters>([
  'checkouts',
  'subscriptions',
  'registrations',
]);

/** What of a raw event the roll-ups count. */
export interface CountedEvent {
  hour: string;
  kind: AnalyticsEventKind;
  articleId: number | null;
  publisherId: number | null;
  sourceKind: string;
  source: string;
  engagedSeconds: number | null;
  scrollDepth: number | null;
  /** mobile, tablet or desktop; '' for an event without the reader's request. */
  device: string;
  country: string | null;
}

/** Rows of counters added up by their keys. */
export class Tally<Keys extends object> {
  readonly rows = new Map<string, Keys & AnalyticsCounters>();

  /** Adds `event` to the row of `keys`; the site's counts only credited checkouts and the like. */
  count(keys: Keys, event: CountedEvent, site = false): void {
    const row = this.of(keys);
    const counter = counterOf[event.kind];
    if (counter && !(site && creditedOnly.has(counter) && !event.articleId)) row[counter] += 1;
    if (event.engagedSeconds !== null) {
      row.engagedCount += 1;
      row.engagedSeconds += event.engagedSeconds;
    }
    if (event.scrollDepth !== null) {
      row.scrollCount += 1;
      row.scrollSum += event.scrollDepth;
    }
  }

  /** Adds `counts` to the row of `keys`. */
  add(keys: Keys, counts: AnalyticsCounters): void {
    const row = this.of(keys);
    for (const name of counterNames) row[name] += counts[name];
  }

  of(keys: Keys): Keys & AnalyticsCounters {
    const key = JSON.stringify(keys);
    let row = this.rows.get(key);
    if (!row) {
      row = { ...keys, ...Object.fromEntries(counterNames.map((name) => [name, 0])) } as Keys &
        AnalyticsCounters;
      this.rows.set(key, row);
    }
    return row;
  }
}

/** Page views added up by their keys. */
class PageViews<Keys extends object> {
  readonly rows = new Map<string, Keys & { pageViews: number }>();

  add(keys: Keys): void {
    const key = JSON.stringify(keys);
    const row = this.rows.get(key) ?? { ...keys, pageViews: 0 };
    row.pageViews += 1;
    this.rows.set(key, row);
  }
}

/** Rows one upsert writes: 15 parameters each, well inside either engine's limit. */
export const rowsPerStatement = 500;

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
      .onConflict((oc) =>
        oc
          .columns(keys as never)
          .doUpdateSet(
            (eb) =>
              Object.fromEntries(
                counters.map((name) => [
                  name,
                  eb(eb.ref(`${table}.${name}` as never), '+', eb.ref(`excluded.${name}` as never)),
                ]),
              ) as never,
          ),
      )
      .execute();
  }
}

/**
 * Adds events to the per-dimension roll-ups (migrations 029, 030, 033): the site's per hour and
 * day, each article's, publisher's, source's, device's and country's per day, and the articles'
 * span totals, which are first moved on to the newest day among the events.
 */
export async function addDimensions(trx: Trx, events: CountedEvent[]): Promise<void> {
  const site = new Tally<{ bucket: string }>();
  const articles = new Tally<{ articleId: number; bucket: string }>();
  const publishers = new Tally<{ bucket: string; publisherId: number }>();
  const sources = new PageViews<{ bucket: string; sourceKind: string; source: string }>();
  const devices = new Tally<{ bucket: string; device: string }>();
  const countries = new PageViews<{ bucket: string; country: string }>();
  let newest = '';
  for (const event of events) {
    const day = event.hour.slice(0, 10);
    if (day > newest) newest = day;
    site.count({ bucket: event.hour }, event, true);
    site.count({ bucket: day }, event, true);
    if (event.articleId) articles.count({ articleId: event.articleId, bucket: day }, event);
    if (event.publisherId) publishers.count({ bucket: day, publisherId: event.publisherId }, event);
    devices.count({ bucket: day, device: event.device }, event);
    if (event.kind === 'pageview' && event.sourceKind) {
      sources.add({ bucket: day, sourceKind: event.sourceKind, source: event.source });
    }
    if (event.kind === 'pageview' && event.country) {
      countries.add({ bucket: day, country: event.country });
    }
  }
  const spans = await advanceSpans(trx, newest);
  await addRows(trx, 'analyticsSite', ['bucket'], [...site.rows.values()]);
  await addRows(trx, 'analyticsArticleDaily', ['articleId', 'bucket'], [...articles.rows.values()]);
  await addRows(
    trx,
    'analyticsPublisherDaily',
    ['bucket', 'publisherId'],
    [...publishers.rows.values()],
  );
  await addRows(
    trx,
    'analyticsSourceDaily',
    ['bucket', 'sourceKind', 'source'],
    [...sources.rows.values()],
    ['pageViews'],
  );
  await addRows(trx, 'analyticsDeviceDaily', ['bucket', 'device'], [...devices.rows.values()]);
  await addRows(
    trx,
    'analyticsCountryDaily',
    ['bucket', 'country'],
    [...countries.rows.values()],
    ['pageViews'],
  );
  // An article's events of several days of a span make one row of its totals.
  const inSpans = new Tally<{ days: number; articleId: number }>();
  for (const { bucket, articleId, ...counts } of articles.rows.values()) {
    for (const days of analyticsSpans) {
      if (bucket > addDays(spans.get(days)!, -days)) inSpans.add({ days, articleId }, counts);
    }
  }
  await addRows(trx, 'analyticsArticleSpan', ['days', 'articleId'], [...inSpans.rows.values()]);
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
