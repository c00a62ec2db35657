import { sql, type Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/** The roll-up's counters, one integer column each (the primary key's columns come first). */
export const counters = [
  'page_views',
  'walls',
  'metered_reads',
  'checkouts',
  'subscriptions',
  'registrations',
  'newsletter_signups',
  'gifts_given',
  'gifts_opened',
  'engaged_count',
  'engaged_seconds',
  'scroll_count',
  'scroll_sum',
] as const;

const eventKinds = [
  'pageview',
  'engagement',
  'paywall',
  'registration_wall',
  'metered_read',
  'checkout',
  'subscription',
  'newsletter_signup',
  'registration',
  'gift_given',
  'gift_opened',
];

/**
 * First-party analytics (src/server/analytics, decision 026). Raw events, kept 30 days and swept
 * by `at`; the roll-up reads them by id past its watermark into hourly and daily counts per
 * article, publisher, source and device (until migration 033), and into distinct visitors per
 * hour and day (the whole site's, article 0, and each article's per day) through the hashes
 * seen, which go with their day's salt. The attribution of a subscription to the last wall its
 * reader met reads the raw events by the reader's keyed hash and time; a registration's, by the
 * visitor's hash and article. No foreign keys: the counts outlive the articles they count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('analytics_salt')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('analytics_event')
    .addColumn('id', t.serial, (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in (${sql.join(eventKinds.map((kind) => sql.lit(kind)))})`),
    )
    .addColumn('article_id', 'integer')
    .addColumn('publisher_id', 'integer')
    .addColumn('visitor_hash', 'text')
    .addColumn('reader_hash', 'text')
    .addColumn('source_kind', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('engaged_seconds', 'integer')
    .addColumn('scroll_depth', 'integer')
    .execute();
  await db.schema
    .createIndex('analytics_event_at_idx')
    .on('analytics_event')
    .column('at')
    .execute();
  await db.schema
    .createIndex('analytics_event_reader_idx')
    .on('analytics_event')
    .columns(['reader_hash', 'at'])
    .where(sql.ref('reader_hash'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('analytics_event_visitor_idx')
    .on('analytics_event')
    .columns(['visitor_hash', 'article_id'])
    .where(sql.ref('kind'), 'in', sql`('paywall', 'registration_wall')`)
    .execute();

  await createCube(db);

  await db.schema
    .createTable('analytics_visitors')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('visitors', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_visitors_pk', ['bucket', 'article_id'])
    .execute();
  await db.schema
    .createIndex('analytics_visitors_article_idx')
    .on('analytics_visitors')
    .columns(['article_id', 'bucket'])
    .execute();
  await db.schema
    .createTable('analytics_visitor_seen')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_visitor_seen_pk', ['bucket', 'article_id', 'visitor_hash'])
    .execute();

  await db.schema
    .createTable('analytics_watermark')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_id', 'bigint', (c) => c.notNull())
    .execute();
  await db
    .insertInto('analytics_watermark' as never)
    .values({ name: 'rollup', last_id: 0 } as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'analytics_watermark',
    'analytics_visitor_seen',
    'analytics_visitors',
    'analytics_daily',
    'analytics_hourly',
    'analytics_event',
    'analytics_salt',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

/**
 * The hourly and daily counts per article, publisher, source and device (0 and '' for none), as
 * this migration made them; migration 033 drops them, and its down makes them again.
 */
export async function createCube(db: Kysely<unknown>): Promise<void> {
  for (const table of ['analytics_hourly', 'analytics_daily']) {
    let create = db.schema
      .createTable(table)
      .addColumn('bucket', 'text', (c) => c.notNull())
      .addColumn('article_id', 'integer', (c) => c.notNull())
      .addColumn('publisher_id', 'integer', (c) => c.notNull())
      .addColumn('source_kind', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('device', 'text', (c) => c.notNull());
    for (const counter of counters) {
      create = create.addColumn(counter, 'bigint', (c) => c.notNull().defaultTo(0));
    }
    await create
      .addPrimaryKeyConstraint(`${table}_pk`, [
        'bucket',
        'article_id',
        'publisher_id',
        'source_kind',
        'source',
        'device',
      ])
      .execute();
    // One article's figures over a span.
    await db.schema
      .createIndex(`${table}_article_idx`)
      .on(table)
      .columns(['article_id', 'bucket'])
      .execute();
  }
}
