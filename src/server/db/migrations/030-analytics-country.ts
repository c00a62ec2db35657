import type { Kysely } from 'kysely';

/**
 * The reader's country on analytics events, where a country database is set (GEOIP_DATABASE;
 * null otherwise), and page views per country per day, filled by the roll-up from then on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('analytics_event').addColumn('country', 'text').execute();
  await db.schema
    .createTable('analytics_country_daily')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('page_views', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_country_daily_pk', ['bucket', 'country'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_country_daily').execute();
  await db.schema.alterTable('analytics_event').dropColumn('country').execute();
}
