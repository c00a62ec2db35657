import type { Db } from '#server/db/database';
import { toBool } from '#server/db/values';

/** How many articles (every status) are premium and how many are not, in one grouped query. */
export async function premiumSplit(db: Db): Promise<{ premium: number; nonPremium: number }> {
  const rows = await db
    .selectFrom('article')
    .select((eb) => ['isPremium', eb.fn.countAll().as('count')])
    .groupBy('isPremium')
    .execute();
  const split = { premium: 0, nonPremium: 0 };
  for (const row of rows)
    split[toBool(row.isPremium) ? 'premium' : 'nonPremium'] = Number(row.count);
  return split;
}
