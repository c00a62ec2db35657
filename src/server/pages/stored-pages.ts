import { randomUUID } from 'node:crypto';
import { sql, type CompiledQuery, type SelectQueryBuilder } from 'kysely';
import type { Db } from '#server/db/database';
import type { ArticleTable, Database } from '#server/db/schema';
import { toBool } from '#server/db/values';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The guests' stored article pages, free articles' details and premium articles' open
     * pages, for the web app's build; null where the web app is not served (a server without
     * it stores nothing).
     */
    storedPages: StoredPages | null;
  }
}

const dayMs = 24 * 60 * 60 * 1000;
/** The UTC day StoredPages.today() last answered, from its midnight. */
let currentDay = { date: '', from: -Infinity };

/** A claim older than this belongs to a render that died: the page may be claimed again. */
export const claimLifeMs = 60_000;

/** What a stored page's answer needs of its article besides its bytes (pages/cache-headers.ts). */
export interface StoredFacts {
  isPremium: boolean;
  publisherId: number;
  authorId: string;
}

/** A stored page, the one every guest shares. */
export interface StoredPage extends StoredFacts {
  gzip: Buffer;
  open?: undefined;
}

/** A premium article's stored open page (open-pages.ts), read instead of its shared page. */
export interface StoredOpenPage extends StoredFacts {
  gzip?: undefined;
  open: Buffer;
}

interface StoredRow {
  htmlGzip: Buffer | null;
  openSegments?: Buffer | null;
  isPremium: boolean | number;
  publisherId: number;
  authorId: string;
}

/** A render under way: filled only if nothing the page shows changed since it was claimed. */
export interface PageClaim {
  articleId: number;
  claim: string;
}

/** The article's facts as its stored row holds them (a boolean is an integer on SQLite). */
function factsOf(row: StoredRow): StoredFacts {
  return { isPremium: toBool(row.isPremium), publisherId: row.publisherId, authorId: row.authorId };
}

/**
 * The condition of every read of a stored page: the article's, for this build and today, filled.
 * Compiled with values that stand for the real ones, which each read puts in their places.
 */
function filledToday<O>(query: SelectQueryBuilder<Database, 'storedPage', O>) {
  return query
    .where('articleId', '=', 0)
    .where('build', '=', '')
    .where('day', '=', '')
    .where('claim', 'is', null);
}

/**
 * Each published article's page as guests get it, rendered once and stored gzip-compressed in the
 * database (migration 015, docs/decisions/014-stored-article-pages.md), shared by every server
 * process. A stored page is good for one build of the app (`build`: its files and settings) and
 * one day (the masthead shows the date); the database's triggers delete it whenever anything it
 * shows changes. Only guests are sent it: a signed-in reader's page is rendered for them.
 *
 * A render claims the row before it reads the article and fills it after: a write in between
 * deletes the claim, and the fill then stores nothing, so a page older than a write is never
 * stored.
 */
export class StoredPages {
  readonly #read: CompiledQuery<StoredRow>;
  readonly #readForGuest: CompiledQuery<StoredRow>;
  readonly #readDetail: CompiledQuery<{ detailGzip: Buffer | null }>;

  constructor(
    private readonly db: Db,
    /** The build and settings pages are rendered with (pages/serve.ts). */
    readonly build: string,
  ) {
    // Compiled once: a stored page is read for every guest opening an article. The article's
    // premium flag, publisher and author, which the meter and its caching headers need, were
    // copied into its row when it was claimed (migration 032): one row's read, no join.
    const row = db.selectFrom('storedPage').select(['isPremium', 'publisherId', 'authorId']);
    this.#read = row.select('htmlGzip').$call(filledToday).compile();
    // The same row, with the open page in place of the shared one where there is an open page:
    // the bytes a guest is most likely sent, and one blob read, not two. Only a premium
    // article's page, stored while guests are metered, has one.
    this.#readForGuest = row
      .select('openSegments')
      .select(sql<Buffer | null>`case when open_segments is null then html_gzip end`.as('htmlGzip'))
      .$call(filledToday)
      .compile();
    this.#readDetail = db
      .selectFrom('storedPage')
      .select('detailGzip')
      .$call(filledToday)
      .compile();
  }

  /**
   * The day a page rendered now shows in its masthead: the UTC date (entry-server.tsx). Asked
   * for every guest's article page: the date is made once a day (a Date and its ISO string cost
   * a few per cent of a stored page's answer), and again whenever the clock is outside that day.
   */
  static today(): string {
    const now = Date.now();
    if (now < currentDay.from || now >= currentDay.from + dayMs) {
      const date = new Date(now).toISOString().slice(0, 10);
      currentDay = { date, from: Date.parse(date) };
    }
    return currentDay.date;
  }

  /** The stored page of the article for this build and today; undefined if none. */
  async read(articleId: number): Promise<StoredPage | undefined> {
    const row = await this.readStored(this.#read, articleId);
    return row?.htmlGzip ? { ...factsOf(row), gzip: row.htmlGzip } : undefined;
  }

  /**
   * The stored page a guest's answer most likely needs: a premium article's open page where one
   * is stored (the reading meter opens most guests' reads), else the page every guest shares;
   * undefined if none. A guest the meter does not open needs `read` after it.
   */
  async readForGuest(articleId: number): Promise<StoredPage | StoredOpenPage | undefined> {
    const row = await this.readStored(this.#readForGuest, articleId);
    if (row?.openSegments) return { ...factsOf(row), open: row.openSegments };
    return row?.htmlGzip ? { ...factsOf(row), gzip: row.htmlGzip } : undefined;
  }

  /**
   * The article's public detail as a guest gets it, JSON gzip-compressed, stored with its page;
   * undefined if none (a premium article, or no page stored for this build and today).
   */
  async readDetail(articleId: number): Promise<Buffer | undefined> {
    return (await this.readStored(this.#readDetail, articleId))?.detailGzip ?? undefined;
  }

  private async readStored<Row>(query: CompiledQuery<Row>, articleId: number) {
    const { rows } = await this.db.executeQuery<Row>({
      ...query,
      parameters: [articleId, this.build, StoredPages.today()],
    });
    return rows[0];
  }

  /**
   * Claims the article's page for a render about to start; null when the article is not
   * published (nothing to store) or another render claimed it a moment ago.
   */
  async claim(articleId: number, now = Date.now()): Promise<PageClaim | null> {
    const claim = randomUUID();
    const day = StoredPages.today();
    const claimed = await this.db
      .insertInto('storedPage')
      .columns([
        'articleId',
        'build',
        'day',
        'claim',
        'claimedAt',
        'htmlGzip',
        'detailGzip',
        'openSegments',
        'isPremium',
        'publisherId',
        'authorId',
      ])
      .expression((eb) =>
        eb
          .selectFrom('article')
          .select((s) => [
            'article.id',
            s.val(this.build).as('build'),
            s.val(day).as('day'),
            s.val(claim).as('claim'),
            s.val(now).as('claimedAt'),
            s.val(null).as('htmlGzip'),
            s.val(null).as('detailGzip'),
            s.val(null).as('openSegments'),
            'article.isPremium',
            'article.publisherId',
            'article.authorId',
          ])
          .where('article.id', '=', articleId)
          .where('article.isApproved', '=', true),
      )
      .onConflict((oc) =>
        oc
          .column('articleId')
          .doUpdateSet((eb) => ({
            build: eb.ref('excluded.build'),
            day: eb.ref('excluded.day'),
            claim: eb.ref('excluded.claim'),
            claimedAt: eb.ref('excluded.claimedAt'),
            htmlGzip: null,
            detailGzip: null,
            openSegments: null,
            isPremium: eb.ref('excluded.isPremium'),
            publisherId: eb.ref('excluded.publisherId'),
            authorId: eb.ref('excluded.authorId'),
          }))
          // A fresh claim by another render stands: two renders of one page gain nothing.
          .where((eb) =>
            eb.or([
              eb('storedPage.claim', 'is', null),
              eb('storedPage.claimedAt', '<', now - claimLifeMs),
            ]),
          ),
      )
      .executeTakeFirst();
    return Number(claimed.numInsertedOrUpdatedRows ?? 0) > 0 ? { articleId, claim } : null;
  }

  /**
   * Stores the claimed page, with the article's public detail when it has one and its open page
   * when it is premium and guests are metered; false when a write since the claim took it away.
   */
  async fill(
    { articleId, claim }: PageClaim,
    htmlGzip: Buffer,
    detailGzip: Buffer | null = null,
    openSegments: Buffer | null = null,
  ): Promise<boolean> {
    const filled = await this.db
      .updateTable('storedPage')
      .set({ htmlGzip, detailGzip, openSegments, claim: null })
      .where('articleId', '=', articleId)
      .where('claim', '=', claim)
      .executeTakeFirst();
    return Number(filled.numUpdatedRows) > 0;
  }

  /**
   * The next `limit` published articles below `after` (the last of the previous call), newest
   * first, each with whether its page is stored for this build and today or being rendered: a
   * pass over the store reads each article once, a few hundred at a time, however few are missing.
   */
  async survey(limit: number, after?: StoreCursor, now = Date.now()): Promise<SurveyedArticle[]> {
    let query = this.db
      .selectFrom('article')
      .select(['article.id', 'article.createdAt'])
      .select(({ exists, selectFrom }) =>
        exists(
          selectFrom('storedPage')
            .select('storedPage.articleId')
            .whereRef('storedPage.articleId', '=', 'article.id')
            .where('storedPage.build', '=', this.build)
            .where('storedPage.day', '=', StoredPages.today())
            .where((eb) =>
              eb.or([
                eb('storedPage.claim', 'is', null),
                eb('storedPage.claimedAt', '>=', now - claimLifeMs),
              ]),
            ),
        ).as('stored'),
      )
      .where('article.isApproved', '=', true);
    if (after) {
      // A row comparison, which both engines read as a range of the index; the same condition
      // spelled with OR made SQLite walk the index from its top every time (4 ms against 0.7).
      query = query.where((eb) =>
        eb(
          eb.refTuple('article.createdAt', 'article.id'),
          '<',
          eb.tuple(after.createdAt, after.id),
        ),
      );
    }
    const rows = await query
      .orderBy('article.createdAt', 'desc')
      .orderBy('article.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, stored: Boolean(row.stored) }));
  }
}

/** Where a pass over the published articles has got to. */
export interface StoreCursor {
  id: number;
  createdAt: ArticleTable['createdAt']['__select__'];
}

export interface SurveyedArticle extends StoreCursor {
  /** Its page is stored, or a render of it is under way. */
  stored: boolean;
}
