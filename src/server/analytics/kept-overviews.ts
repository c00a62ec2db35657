import type { AnalyticsOverview, AnalyticsSpan } from '#shared/api/analytics';
import type { Db } from '#server/db/database';
import type { ChangeWatch } from '#server/db/changes';
import { readOverview } from './overview.js';

/**
 * Each span's overview, kept in this process until the figures it was read from can have
 * changed: it belongs to the day it ends on, the roll-up's watermark (shared by every server
 * process, and moved by each roll-up that adds events) and the generation of the database's
 * public changes (an article renamed or deleted, whose title the answer shows). A watermark read
 * is one row by its key; while the change notices are not sure, nothing is kept.
 */
export class KeptOverviews {
  readonly #kept = new Map<AnalyticsSpan, { version: string; overview: AnalyticsOverview }>();

  constructor(
    private readonly db: Db,
    private readonly changes: Pick<ChangeWatch, 'current'>,
  ) {}

  async read(today: string, days: AnalyticsSpan): Promise<AnalyticsOverview> {
    const { generation, sure } = this.changes.current();
    const { lastId } = await this.db
      .selectFrom('analyticsWatermark')
      .select('lastId')
      .where('name', '=', 'rollup')
      .executeTakeFirstOrThrow();
    const version = `${today} ${lastId} ${generation}`;
    const kept = this.#kept.get(days);
    if (kept?.version === version) return kept.overview;
    const overview = await readOverview(this.db, today, days);
    if (sure) this.#kept.set(days, { version, overview });
    return overview;
  }
}
