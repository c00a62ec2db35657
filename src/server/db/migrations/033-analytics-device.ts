import { sql, type Kysely } from 'kysely';
import { counters, createCube } from './027-analytics.js';

/**
 * Each device class's counts per day (`analytics_device_daily`, the same counters as the
 * articles' and publishers' days), which the overview's devices table reads, filled from the
 * daily counts per article, publisher, source and device (migration 027). Those, and the hourly
 * ones, were the only roll-up of the device and are read by nothing else: they are dropped, and
 * the roll-up stops writing them. An event without the reader's request (a subscription paid by
 * webhook) is counted under the device '', as it was there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  let create = db.schema
    .createTable('analytics_device_daily')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull());
  for (const counter of counters) {
    create = create.addColumn(counter, 'bigint', (c) => c.notNull().defaultTo(0));
  }
  await create.addPrimaryKeyConstraint('analytics_device_daily_pk', ['bucket', 'device']).execute();

  const columns = sql.join(counters.map((counter) => sql.ref(counter)));
  const sums = sql.join(counters.map((counter) => sql`sum(${sql.ref(counter)})`));
  await sql`insert into analytics_device_daily (bucket, device, ${columns})
    select bucket, device, ${sums} from analytics_daily group by bucket, device`.execute(db);
  await db.schema.dropTable('analytics_hourly').execute();
  await db.schema.dropTable('analytics_daily').execute();
}

/**
 * Makes the hourly and daily counts per article, publisher, source and device again, but empty:
 * the devices' days cannot be split back into articles, publishers, sources and hours. The
 * roll-up of the code before this migration fills them again from its next event on.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await createCube(db);
  await db.schema.dropTable('analytics_device_daily').execute();
}
