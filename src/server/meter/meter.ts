import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import type { MeterState } from '#shared/api/meter';
import { meterOpens, meterState, spentGuestMeter, type MeterAllowances } from '#shared/rules/meter';
import type { GiftNotice } from '#shared/api/gifts';
import type { EventArticle } from '#server/analytics/articles';
import type { Caller } from '#server/auth/guards';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/database';
import { localDayAndHour } from '#server/newsletter/digest-day';
import { HeldReads } from './held-reads.js';
import { isPublishedPremium } from './queries.js';
import { networkKey, readerKey, type ReaderKey } from './reader-keys.js';
import { newVisitorCookie, visitorIdOf } from './visitor-cookie.js';

/** What the meter decided for one premium article the reader may not read otherwise. */
export interface MeterOutcome {
  /** Whether they read it in full, as one of their month's allowance (or a gift link's). */
  granted: boolean;
  /** Where they stand afterwards, as their page says; null when the meter had no say. */
  state: MeterState | null;
  /** What the gift link the reader came by did, when they came by one (gifts/). */
  gift?: GiftNotice;
}

/**
 * Asked by an article's read (articles/queries) when the reader may not read a premium article
 * by right: null when the reader is not metered (metering off), so the article stays closed.
 */
export type ArticleMeter = (articleId: number) => Promise<MeterOutcome | null>;

export interface MeterSettings {
  allowances: MeterAllowances;
  /** The server's secret, for the visitor cookie and the readers' keys. */
  secret: string;
  /** The site's time zone (TZ), whose calendar months the allowance runs by. */
  timeZone?: string;
  /** Whether the site is https, so the visitor cookie goes over https only. */
  secureCookie: boolean;
}

const notMetered: ArticleMeter = () => Promise.resolve(null);

/** Crawlers read what every guest's shared page shows: never metered, never the full text. */
function isCrawler(request: FastifyRequest): boolean {
  return isbot(request.headers['user-agent']);
}

/**
 * A HEAD request reads no text, so it spends nothing: it is answered as the meter's hard wall
 * (Fastify answers HEAD with its GET route's handler, which would otherwise count the read).
 */
function isHead(request: FastifyRequest): boolean {
  return request.method === 'HEAD';
}

/**
 * The reading meter (decision 023), decided on the server: each calendar month in the site's
 * time zone a guest may read `allowances.guest` premium articles in full and a signed-in free
 * reader `allowances.registered`; 0 leaves that reader the hard wall. An account is counted by
 * its id; a guest under a signed visitor cookie and also, for clients that drop cookies, under
 * their network address and user agent, the most of the two counting.
 */
export class ReadingMeter {
  /** The reads counted, the database's and those this process has yet to write. */
  readonly reads: HeldReads;

  /** `writes`: where the reads held are written (the background connection, db/database.ts). */
  constructor(
    private readonly db: Db,
    writes: Db,
    private readonly settings: MeterSettings,
    private readonly clock: Clock,
  ) {
    this.reads = new HeldReads(db, writes);
  }

  /**
   * What the page every guest gets alike says (stored, kept, and a crawler's): the meter spent,
   * so it carries the excerpt only; nothing when guests are not metered.
   */
  readonly sharedGuest: ArticleMeter = () => {
    const { allowances } = this.settings;
    return Promise.resolve(
      allowances.guest > 0 ? { granted: false, state: spentGuestMeter(allowances) } : null,
    );
  };

  /**
   * What a stored guest's page depends on besides the build: the allowances it names, and that
   * a premium article's open page is stored beside it (pages/open-pages.ts), so that pages
   * stored without one are rendered again.
   */
  describe(): string {
    const { guest, registered } = this.settings.allowances;
    return `meter ${guest}/${registered} with open pages`;
  }

  /** The meter of one request's reader: each article it opens is counted (`take`). */
  forRequest(request: FastifyRequest, reply: FastifyReply, caller: Caller | null): ArticleMeter {
    const allowance = this.allowanceOf(caller);
    if (allowance === 0 || isHead(request)) return notMetered;
    if (!caller && isCrawler(request)) return this.sharedGuest;
    return (articleId) => this.take(request, reply, caller, articleId, allowance);
  }

  /**
   * The meter of a guest asking for the page of `articleId`, decided and counted: what it
   * opened, or null when it opens nothing and the guest gets the page every guest gets alike
   * (not a published premium article, their allowance spent, a crawler, a HEAD request).
   * `known` is the published article when the caller knows it (its kept or stored page), else
   * whether it is a published premium one is read.
   */
  async openForGuest(
    request: FastifyRequest,
    reply: FastifyReply,
    articleId: number,
    known?: EventArticle,
  ): Promise<MeterOutcome | null> {
    const allowance = this.settings.allowances.guest;
    if (allowance === 0 || known?.isPremium === false || isCrawler(request) || isHead(request)) {
      return null;
    }
    if (!known && !(await isPublishedPremium(this.db, articleId))) return null;
    const outcome = await this.take(request, reply, null, articleId, allowance, known);
    return outcome.granted ? outcome : null;
  }

  /** The allowances the meter gives (METER_GUEST_FREE, METER_REGISTERED_FREE). */
  get allowances(): MeterAllowances {
    return this.settings.allowances;
  }

  /** The month now in the site's time zone, `2026-11`: what the meter counts by. */
  month(): string {
    return localDayAndHour(this.clock(), this.settings.timeZone).day.slice(0, 7);
  }

  /**
   * Counts `articleId` for the reader if their meter opens it, and marks the answer theirs
   * alone: the full text of a metered read is never kept by any shared cache. A guest without a
   * visitor cookie is given one with the first article it opens.
   */
  private async take(
    request: FastifyRequest,
    reply: FastifyReply,
    caller: Caller | null,
    articleId: number,
    allowance: number,
    known?: EventArticle,
  ): Promise<MeterOutcome> {
    const month = this.month();
    const reader = this.readerOf(request, caller, month);
    const { secret, secureCookie, allowances } = this.settings;
    const cookie =
      !caller && !reader.hasVisitorCookie ? newVisitorCookie(secret, secureCookie) : null;
    const stateAfter = (count: number) =>
      meterState(count, allowance, caller ? undefined : allowances.registered);
    const { used, readBefore, taken } = await this.reads.take(
      month,
      reader.keys,
      cookie ? [readerKey(secret, 'visitor', cookie.id)] : [],
      articleId,
      (count) => meterOpens(stateAfter(count.used), count.readBefore),
    );
    const before = stateAfter(used);
    if (!taken) return { granted: false, state: before };
    if (cookie) reply.header('set-cookie', cookie.header);
    await request.server.analytics.meteredRead(request, articleId, known);
    reply.header('cache-control', 'private, no-store');
    return { granted: true, state: readBefore ? before : stateAfter(used + 1) };
  }

  private allowanceOf(caller: Caller | null): number {
    return caller ? this.settings.allowances.registered : this.settings.allowances.guest;
  }

  private readerOf(
    request: FastifyRequest,
    caller: Caller | null,
    month: string,
  ): { keys: ReaderKey[]; hasVisitorCookie: boolean } {
    const { secret } = this.settings;
    if (caller) return { keys: [readerKey(secret, 'account', caller.id)], hasVisitorCookie: false };
    const network = networkKey(secret, request.ip, request.headers['user-agent'] ?? '', month);
    const visitor = visitorIdOf(secret, request.headers.cookie);
    return visitor
      ? { keys: [readerKey(secret, 'visitor', visitor), network], hasVisitorCookie: true }
      : { keys: [network], hasVisitorCookie: false };
  }
}
