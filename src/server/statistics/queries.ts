import { sql } from 'kysely';
import type { Db } from '#server/db/database';
import { premiumRunsAt } from '#server/users/premium-sql';
import type { Statistics } from '#shared/api/statistics';

/**
 * The home page's counters in one query: premium users are those whose subscription runs now;
 * everyone else is a normal user.
 */
export async function readStatistics(db: Db, now = new Date()): Promise<Statistics> {
  const row = await db
    .selectFrom('user')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .sum<number | null>(sql<number>`case when ${premiumRunsAt(now)} then 1 else 0 end`)
        .as('premium'),
    ])
    .executeTakeFirstOrThrow();
  const totalUsers = Number(row.total);
  const premiumUsers = Number(row.premium ?? 0);
  return { totalUsers, premiumUsers, normalUsers: totalUsers - premiumUsers };
}
