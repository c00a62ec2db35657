import type { FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import type { BeaconEvent } from '#shared/api/analytics';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/database';
import type { AnalyticsEventKind } from '#server/db/schema';
import { articleIdOfPath, publishedArticle, type EventArticle } from './articles.js';
import { lastWallOf, metWallAsGuest } from './attribution.js';
import type { CountryOf } from './countries.js';
import { addDays, hourBucket } from './days.js';
import { deviceClass } from './device.js';
import { EventBuffer, type EventRow } from './event-buffer.js';
import { readerHash, visitorHash } from './hashes.js';
import { DailySalts } from './salts.js';
import { sourceOf } from './sources.js';

export interface AnalyticsSettings {
  /** The server's secret, for the readers' keyed hashes. */
  secret: string;
  /** The site's time zone, whose days and hours the events are counted in. */
  timeZone?: string;
  /** The site's host, part of every visitor's hash and how a self-referral is known. */
  site: string;
  /** Whether guests who met the wall are offered an account (the meter has a registered allowance). */
  registrationWall: boolean;
  /** The country of a client address (GEOIP_DATABASE); none looked up unless set. */
  countryOf?: CountryOf;
}

/** A gift link's events, recorded by the gift links' feature through `recordGiftEvent`. */
export type GiftEventKind = Extract<AnalyticsEventKind, 'gift_given' | 'gift_opened'>;

/**
 * Whether a request is to leave no event: a crawler, or a browser that asks not to be tracked
 * (`DNT: 1`) or not to have its data sold or shared (`Sec-GPC: 1`).
 */
export function leavesNoTrace(request: FastifyRequest): boolean {
  const { headers } = request;
  return isbot(headers['user-agent']) || headers.dnt === '1' || headers['sec-gpc'] === '1';
}

/**
 * Records analytics events (decision 026): the beacons' page views and engagement, and the events
 * the server sees happen (walls, metered reads, checkouts, subscriptions, sign-ups, accounts,
 * gifts). An event names no person: a visitor is a daily hash, a signed-in reader who met a wall
 * an HMAC of their id. Recording never fails the request it belongs to: a failure is logged.
 */
export class Analytics {
  readonly salts: DailySalts;
  readonly #buffer: EventBuffer;

  /** `writes`: where the held events are written (the background connection, db/database.ts). */
  constructor(
    private readonly db: Db,
    writes: Db,
    private readonly settings: AnalyticsSettings,
    private readonly clock: Clock,
    private readonly warn: (err: unknown, what: string) => void,
  ) {
    this.salts = new DailySalts(db);
    this.#buffer = new EventBuffer(writes);
  }

  /**
   * Writes the events recorded so far (event-buffer.ts): every second, on closing, before the
   * roll-up, and before the raw events are read for a reader's attribution.
   */
  flush(): Promise<void> {
    return this.#buffer.flush();
  }

  /** One beacon's event, the article and source derived here. Answers whether it was stored. */
  async collect(request: FastifyRequest, event: BeaconEvent): Promise<boolean> {
    if (leavesNoTrace(request)) return false;
    const article = await publishedArticle(this.db, articleIdOfPath(event.path));
    const base = await this.base(request, article);
    if (event.type === 'engagement') {
      this.insert({
        ...base,
        kind: 'engagement',
        engagedSeconds: event.engagedSeconds,
        scrollDepth: event.scrollDepth,
      });
      return true;
    }
    const source = sourceOf(event.path, event.referrer, this.settings.site);
    this.insert({
      ...base,
      kind: 'pageview',
      sourceKind: source.kind,
      source: source.source,
      utmSource: source.utmSource,
      utmMedium: source.utmMedium,
      utmCampaign: source.utmCampaign,
    });
    return true;
  }

  /**
   * A guest was sent the page of article `articleId` without its full text (the page every guest
   * gets alike): a wall, if the article is premium. The registration wall when the meter offers
   * guests an account for more reads, else the paywall. `known` is the article when the caller
   * knows it already (its kept or stored page), else it is read.
   */
  guestArticlePage(
    request: FastifyRequest,
    articleId: number,
    known?: EventArticle | null,
  ): Promise<void> {
    if (known && !known.isPremium) return Promise.resolve();
    return this.safely('a wall shown', async () => {
      if (leavesNoTrace(request)) return;
      const article = known === undefined ? await publishedArticle(this.db, articleId) : known;
      if (!article?.isPremium) return;
      const kind = this.settings.registrationWall ? 'registration_wall' : 'paywall';
      this.insert({ ...(await this.base(request, article)), kind });
    });
  }

  /** A reader was shown a premium article's preview (the article page's read): a wall. */
  wallShown(request: FastifyRequest, userId: string | null, articleId: number): Promise<void> {
    if (!userId) return this.guestArticlePage(request, articleId);
    return this.safely('a wall shown', async () => {
      if (leavesNoTrace(request)) return;
      const article = await publishedArticle(this.db, articleId);
      if (!article) return;
      this.insert({
        ...(await this.base(request, article)),
        kind: 'paywall',
        readerHash: readerHash(this.settings.secret, userId),
      });
    });
  }

  /** The reading meter opened a premium article in full; `known` as for guestArticlePage. */
  meteredRead(
    request: FastifyRequest,
    articleId: number,
    known?: EventArticle | null,
  ): Promise<void> {
    return this.safely('a metered read', async () => {
      if (leavesNoTrace(request)) return;
      const article = known === undefined ? await publishedArticle(this.db, articleId) : known;
      this.insert({ ...(await this.base(request, article)), kind: 'metered_read' });
    });
  }

  /**
   * A checkout started or a subscription paid by `userId`: credited to the last article whose
   * wall they met within 7 days (none otherwise). A paid subscription may come from the payment
   * provider's webhook, without the reader's request.
   */
  purchase(
    kind: 'checkout' | 'subscription',
    userId: string,
    request?: FastifyRequest,
  ): Promise<void> {
    return this.safely(`a ${kind}`, async () => {
      if (request && leavesNoTrace(request)) return;
      const now = this.clock();
      // The walls recorded a moment ago are among the raw events read here.
      await this.flush();
      const wall = await lastWallOf(this.db, readerHash(this.settings.secret, userId), now);
      const base = request
        ? await this.base(request, wall)
        : { at: now.getTime(), hour: this.hour(now), ...articleColumns(wall) };
      this.insert({ ...base, kind });
    });
  }

  /**
   * An account made. Registering from a wall's link (`from=/articles/:id`, which the sign-up
   * request carries on) credits that article when this visitor's hash of today or yesterday met
   * its wall; the account then carries that wall on, under its keyed hash, to a subscription
   * within 7 days. No cookie is needed: the day's hash of address and browser is the link.
   */
  registered(request: FastifyRequest, userId: string, from: string | undefined): Promise<void> {
    return this.safely('an account made', async () => {
      if (leavesNoTrace(request)) return;
      const article = await publishedArticle(this.db, from ? articleIdOfPath(from) : null);
      const credited = article && (await this.guestMetWall(request, article.articleId));
      this.insert({
        ...(await this.base(request, credited ? article : null)),
        kind: 'registration',
        readerHash: credited ? readerHash(this.settings.secret, userId) : null,
      });
    });
  }

  /** A newsletter subscription confirmed (or made by a signed-in reader). */
  newsletterSignup(request: FastifyRequest): Promise<void> {
    return this.safely('a newsletter sign-up', async () => {
      if (leavesNoTrace(request)) return;
      this.insert({ ...(await this.base(request, null)), kind: 'newsletter_signup' });
    });
  }

  /** A gift link given, or opened, for article `articleId`. */
  gift(kind: GiftEventKind, request: FastifyRequest, articleId: number): Promise<void> {
    return this.safely(`a ${kind}`, async () => {
      if (leavesNoTrace(request)) return;
      const article = await publishedArticle(this.db, articleId);
      this.insert({ ...(await this.base(request, article)), kind });
    });
  }

  private async guestMetWall(request: FastifyRequest, articleId: number): Promise<boolean> {
    const now = this.clock();
    const today = this.hour(now).slice(0, 10);
    const hashes: string[] = [];
    await this.flush();
    for (const day of [today, addDays(today, -1)]) {
      const salt = await this.salts.existing(day);
      if (salt) hashes.push(this.visitorOf(request, salt));
    }
    return metWallAsGuest(this.db, hashes, articleId);
  }

  /**
   * What every event of a request holds: when, the visitor's hash, the device, the country
   * (where a country database is set), the article.
   */
  private async base(
    request: FastifyRequest,
    article: Pick<EventArticle, 'articleId' | 'publisherId'> | null,
  ) {
    const now = this.clock();
    const hour = this.hour(now);
    const salt = await this.salts.of(hour.slice(0, 10));
    return {
      at: now.getTime(),
      hour,
      visitorHash: this.visitorOf(request, salt),
      device: deviceClass(request.headers['user-agent'] ?? ''),
      country: this.settings.countryOf?.(request.ip) ?? null,
      ...articleColumns(article),
    };
  }

  private visitorOf(request: FastifyRequest, salt: string): string {
    return visitorHash(salt, request.ip, request.headers['user-agent'] ?? '', this.settings.site);
  }

  private hour(now: Date): string {
    return hourBucket(now, this.settings.timeZone);
  }

  private insert(row: EventRow): void {
    this.#buffer.add(row);
  }

  private async safely(what: string, record: () => Promise<void>): Promise<void> {
    try {
      await record();
    } catch (err) {
      this.warn(err, what);
    }
  }
}

function articleColumns(article: Pick<EventArticle, 'articleId' | 'publisherId'> | null) {
  return { articleId: article?.articleId ?? null, publisherId: article?.publisherId ?? null };
}
