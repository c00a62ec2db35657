import {
  Migrator,
  SqliteAdapter,
  sql,
  type Kysely,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import type { Db } from './database.js';
import * as initial from './migrations/001-initial.js';
import * as payments from './migrations/002-payments.js';
import * as readPath from './migrations/003-read-path.js';
import * as titleMatchIndex from './migrations/004-title-match-index.js';
import * as boundedTables from './migrations/005-bounded-tables.js';
import * as premiumExcerpt from './migrations/006-premium-excerpt.js';
import * as articleRevisions from './migrations/007-article-revisions.js';
import * as changeCounter from './migrations/008-change-counter.js';
import * as imageVariants from './migrations/009-image-variants.js';
import * as siteSearch from './migrations/010-site-search.js';
import * as publicChangeTriggers from './migrations/011-public-change-triggers.js';
import * as mail from './migrations/012-mail.js';
import * as imageHeight from './migrations/013-image-height.js';
import * as searchInline from './migrations/014-search-inline.js';
import * as storedPages from './migrations/015-stored-pages.js';
import * as storedPagesAuthorPhoto from './migrations/016-stored-pages-author-photo.js';
import * as searchIndexMerging from './migrations/017-search-index-merging.js';
import * as secretsAtRest from './migrations/018-secrets-at-rest.js';
import * as articleBodies from './migrations/019-article-bodies.js';
import * as searchHeadings from './migrations/020-search-headings.js';
import * as newsletterSubscribers from './migrations/021-newsletter-subscribers.js';
import * as newsletterSends from './migrations/022-newsletter-sends.js';
import * as dropAllowedFor from './migrations/023-drop-allowed-for.js';
import * as newsletterSuppression from './migrations/024-newsletter-suppression.js';
import * as readingMeter from './migrations/025-reading-meter.js';
import * as giftLinks from './migrations/026-gift-links.js';
import * as analytics from './migrations/027-analytics.js';
import * as storedDetails from './migrations/028-stored-details.js';
import * as analyticsDimensions from './migrations/029-analytics-dimensions.js';
import * as analyticsCountry from './migrations/030-analytics-country.js';
import * as storedOpenPages from './migrations/031-stored-open-pages.js';
import * as storedPageFacts from './migrations/032-stored-page-facts.js';
import * as analyticsDevice from './migrations/033-analytics-device.js';

/** Migrations are listed here, in order, so the built server needs no folder scan. */
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-payments': payments,
  '003-read-path': readPath,
  '004-title-match-index': titleMatchIndex,
  '005-bounded-tables': boundedTables,
  '006-premium-excerpt': premiumExcerpt,
  '007-article-revisions': articleRevisions,
  '008-change-counter': changeCounter,
  '009-image-variants': imageVariants,
  '010-site-search': siteSearch,
  '011-public-change-triggers': publicChangeTriggers,
  '012-mail': mail,
  '013-image-height': imageHeight,
  '014-search-inline': searchInline,
  '015-stored-pages': storedPages,
  '016-stored-pages-author-photo': storedPagesAuthorPhoto,
  '017-search-index-merging': searchIndexMerging,
  '018-secrets-at-rest': secretsAtRest,
  '019-article-bodies': articleBodies,
  '020-search-headings': searchHeadings,
  '021-newsletter-subscribers': newsletterSubscribers,
  '022-newsletter-sends': newsletterSends,
  '023-drop-allowed-for': dropAllowedFor,
  '024-newsletter-suppression': newsletterSuppression,
  '025-reading-meter': readingMeter,
  '026-gift-links': giftLinks,
  '027-analytics': analytics,
  '028-stored-details': storedDetails,
  '029-analytics-dimensions': analyticsDimensions,
  '030-analytics-country': analyticsCountry,
  '031-stored-open-pages': storedOpenPages,
  '032-stored-page-facts': storedPageFacts,
  '033-analytics-device': analyticsDevice,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Brings the schema up to date; safe to run on every start and from several processes at once. */
export async function migrateToLatest(typed: Db): Promise<string[]> {
  // Migrations describe the schema as it was at their time, so they work on an untyped handle.
  const db = typed as unknown as Kysely<unknown>;
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    // Kysely looks for its bookkeeping tables in every schema it can see; name the one in use,
    // so databases with several schemas (one per test run, say) keep their migrations apart.
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    return run(db, rows[0]?.schema);
  }
  // Kysely takes a lock on PostgreSQL but none on SQLite. One immediate transaction around the
  // whole run makes a second process wait, then find nothing left to do; a failed migration
  // leaves no half-made schema behind.
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const applied = await run(connection);
      await sql`commit`.execute(connection);
      return applied;
    } catch (err) {
      await sql`rollback`.execute(connection);
      throw err;
    }
  });
}

async function run(db: Kysely<unknown>, migrationTableSchema?: string): Promise<string[]> {
  const { error, results } = await new Migrator({
    db,
    provider,
    migrationTableSchema,
  }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
