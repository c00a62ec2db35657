import { sql, type Kysely } from 'kysely';
import { counters } from './027-analytics.js';

/** The counters whose site-wide sums count only the events credited to an article's wall. */
const credited = new Set(['checkouts', 'subscriptions', 'registrations']);

/**
 * The analytics' answers read small roll-ups, one per thing they list (decision 026), beside
 * the daily counts per article, publisher, source and device (migration 027), which a 90-day
 * overview would sum by the million rows at a million events a day:
 * - `analytics_site`: the whole site's counts per hour and per day (one row a bucket); its
 *   checkouts, subscriptions and registrations are those credited to an article's wall, the
 *   only ones the answers show;
 * - `analytics_article_daily`, `analytics_publisher_daily`: per article, per publisher, per day
 *   (events without an article are in neither);
 * - `analytics_source_daily`: page views per source per day;
 * - `analytics_article_span`: each article's counts over the last 1, 7, 30 and 90 days to the
 *   day `analytics_span` names, kept up by the roll-up as days pass, so the top articles are
 *   the first rows of an index. Left empty here: the roll-up's first run after the migration
 *   makes them.
 * The roll-up fills them from the same events in the same transactions; the migration fills
 * them from the counts so far.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const withCounters = (table: string, keys: [string, 'text' | 'integer'][]) => {
    let create = db.schema.createTable(table);
    for (const [key, type] of keys) create = create.addColumn(key, type, (c) => c.notNull());
    for (const counter of counters) {
      create = create.addColumn(counter, 'bigint', (c) => c.notNull().defaultTo(0));
    }
    return create.addPrimaryKeyConstraint(`${table}_pk`, keys.map(([key]) => key) as never);
  };
  await withCounters('analytics_site', [['bucket', 'text']]).execute();
  await withCounters('analytics_article_daily', [
    ['article_id', 'integer'],
    ['bucket', 'text'],
  ]).execute();
  // The day leaving a span, read whole.
  await db.schema
    .createIndex('analytics_article_daily_bucket_idx')
    .on('analytics_article_daily')
    .column('bucket')
    .execute();
  await withCounters('analytics_publisher_daily', [
    ['bucket', 'text'],
    ['publisher_id', 'integer'],
  ]).execute();
  await db.schema
    .createTable('analytics_source_daily')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('source_kind', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('page_views', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_source_daily_pk', ['bucket', 'source_kind', 'source'])
    .execute();
  await db.schema
    .createTable('analytics_span')
    .addColumn('days', 'integer', (c) => c.primaryKey())
    .addColumn('day', 'text', (c) => c.notNull())
    .execute();
  await withCounters('analytics_article_span', [
    ['days', 'integer'],
    ['article_id', 'integer'],
  ]).execute();
  // The top articles by views and by walls.
  for (const counter of ['page_views', 'walls']) {
    await db.schema
      .createIndex(`analytics_article_span_${counter}_idx`)
      .on('analytics_article_span')
      .columns(['days', `${counter} desc`, 'article_id'])
      .execute();
  }

  const sums = (creditedOnly: boolean) =>
    sql.join(
      counters.map((counter) =>
        creditedOnly && credited.has(counter)
          ? sql`sum(case when article_id <> 0 then ${sql.ref(counter)} else 0 end)`
          : sql`sum(${sql.ref(counter)})`,
      ),
    );
  const columns = sql.join(counters.map((counter) => sql.ref(counter)));
  for (const from of ['analytics_hourly', 'analytics_daily']) {
    await sql`insert into analytics_site (bucket, ${columns})
      select bucket, ${sums(true)} from ${sql.table(from)} group by bucket`.execute(db);
  }
  await sql`insert into analytics_article_daily (article_id, bucket, ${columns})
    select article_id, bucket, ${sums(false)} from analytics_daily
    where article_id <> 0 group by article_id, bucket`.execute(db);
  await sql`insert into analytics_publisher_daily (bucket, publisher_id, ${columns})
    select bucket, publisher_id, ${sums(false)} from analytics_daily
    where publisher_id <> 0 group by bucket, publisher_id`.execute(db);
  await sql`insert into analytics_source_daily (bucket, source_kind, source, page_views)
    select bucket, source_kind, source, sum(page_views) from analytics_daily
    where source_kind <> '' group by bucket, source_kind, source`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'analytics_article_span',
    'analytics_span',
    'analytics_source_daily',
    'analytics_publisher_daily',
    'analytics_article_daily',
    'analytics_site',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
