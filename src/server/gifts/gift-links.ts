import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import type { GiftLink, GiftNotice } from '#shared/api/gifts';
import { articleMessages } from '#shared/article-messages';
import { giftMessages } from '#shared/gift-messages';
import { paths } from '#shared/paths';
import { giftLifetimeMs, giftParam, mayGiveGifts } from '#shared/rules/gifts';
import { recordGiftEvent } from '#server/analytics/plugin';
import type { Caller } from '#server/auth/guards';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/database';
import { toBool, toIso } from '#server/db/values';
import { AppError } from '#server/errors';
import type { ArticleMeter, ReadingMeter } from '#server/meter/meter';
import { newVisitorCookie, visitorIdOf } from '#server/meter/visitor-cookie';
import { browserKey, networkKey } from './browser-keys.js';
import {
  giftByTokenHash,
  giftsInMonth,
  hasOpened,
  insertGift,
  liveGiftOf,
  recordOpening,
} from './queries.js';
import { giftTokenHash, newGiftToken, sealGiftToken, unsealGiftToken } from './tokens.js';

export interface GiftSettings {
  /** Gift links a giver may send a calendar month (GIFTS_PER_MONTH); 0 turns gifts off. */
  perMonth: number;
  /** The server's secret: seals tokens, keys browsers, signs the visitor cookie. */
  secret: string;
  /** The site's address, which the links are made of (no trailing slash). */
  publicUrl: string;
  /** Whether the site is https, so the visitor cookie goes over https only. */
  secureCookie: boolean;
}

/**
 * Gift links (decision 024): a premium reader or an admin gives a published premium article to
 * anyone; the link opens its whole text, without an account, for a few browsers for 30 days.
 * Gifts count in the giver's calendar month as the reading meter counts months.
 */
export class GiftLinks {
  constructor(
    private readonly db: Db,
    private readonly settings: GiftSettings,
    private readonly meter: ReadingMeter,
    private readonly clock: Clock,
  ) {}

  /**
   * The caller's gift link of `articleId`: their live one when there is one (`created` false:
   * it does not count again), else a new one, as one of their month's.
   */
  async give(caller: Caller, articleId: number): Promise<GiftLink & { created: boolean }> {
    if (!mayGiveGifts(caller)) throw new AppError('forbidden', giftMessages.premiumOnly);
    await this.requireGiftable(caller, articleId);
    const { perMonth, secret } = this.settings;
    const now = this.clock();
    const month = this.meter.month();
    const live = await liveGiftOf(this.db, caller.id, articleId, now);
    const token = live && unsealGiftToken(secret, live.tokenSealed);
    const used = await giftsInMonth(this.db, caller.id, month);
    const answer = (token: string, expiresAt: string, used: number) => ({
      url: this.urlOf(articleId, token),
      expiresAt,
      giftsLeft: Math.max(0, perMonth - used),
      giftsPerMonth: perMonth,
    });
    if (live && token) return { ...answer(token, toIso(live.expiresAt), used), created: false };
    if (used >= perMonth) throw new AppError('forbidden', giftMessages.monthlyLimit(perMonth));
    const fresh = newGiftToken();
    const expiresAt = new Date(now.getTime() + giftLifetimeMs).toISOString();
    await insertGift(this.db, {
      articleId,
      giverId: caller.id,
      tokenHash: giftTokenHash(fresh),
      tokenSealed: sealGiftToken(secret, fresh),
      month,
      createdAt: now.toISOString(),
      expiresAt,
    });
    return { ...answer(fresh, expiresAt, used + 1), created: true };
  }

  /**
   * The meter a read goes by: with a gift token, one that opens the gift's article for this
   * browser while the link is good, else (and for crawlers) the reader's own reading meter,
   * telling the reader what became of the link. The answer is this reader's alone.
   */
  meterFor(
    request: FastifyRequest,
    reply: FastifyReply,
    caller: Caller | null,
    token: string | undefined,
  ): ArticleMeter {
    const own = this.meter.forRequest(request, reply, caller);
    if (token === undefined || (!caller && isbot(request.headers['user-agent']))) return own;
    reply.header('cache-control', 'private, no-store');
    return async (articleId) => {
      const gift = await this.open(request, reply, token, articleId);
      if (gift.status === 'open') return { granted: true, state: null, gift };
      const metered = await own(articleId);
      return { granted: metered?.granted ?? false, state: metered?.state ?? null, gift };
    };
  }

  /**
   * Opens the gift `token` names for this browser, if it is the gift of `articleId` and good:
   * a browser that opened it before may again; a new one takes one of its places, and is given
   * the visitor cookie it will be known by when it has none.
   */
  private async open(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    articleId: number,
  ): Promise<GiftNotice> {
    const gift = await giftByTokenHash(this.db, giftTokenHash(token));
    if (!gift || gift.articleId !== articleId) return { status: 'invalid' };
    if (gift.revoked) return { status: 'revoked' };
    const now = this.clock();
    if (gift.expiresAt <= now.toISOString()) return { status: 'expired' };
    const { secret, secureCookie } = this.settings;
    const visitor = visitorIdOf(secret, request.headers.cookie);
    const network = networkKey(secret, gift.id, request.ip, request.headers['user-agent'] ?? '');
    const browser = visitor === null ? null : browserKey(secret, gift.id, visitor);
    if (await hasOpened(this.db, gift.id, browser, network)) return { status: 'open' };
    const cookie = visitor === null ? newVisitorCookie(secret, secureCookie) : null;
    const opening = {
      giftId: gift.id,
      browserHash: browser ?? browserKey(secret, gift.id, cookie!.id),
      networkHash: network,
    };
    if (!(await recordOpening(this.db, opening, now))) return { status: 'full' };
    if (cookie) reply.header('set-cookie', cookie.header);
    await recordGiftEvent(request.server, 'gift_opened', request, articleId);
    return { status: 'open' };
  }

  /** A published premium article, or the refusal that says why it cannot be given. */
  private async requireGiftable(caller: Caller, articleId: number): Promise<void> {
    const row = await this.db
      .selectFrom('article')
      .select(['isPremium', 'isApproved', 'authorId'])
      .where('id', '=', articleId)
      .executeTakeFirst();
    const overseen = row && (caller.isAdmin || row.authorId === caller.id);
    if (!row || (!toBool(row.isApproved) && !overseen)) {
      throw new AppError('not_found', articleMessages.notFound);
    }
    if (!toBool(row.isApproved)) throw new AppError('bad_request', giftMessages.notPublished);
    if (!toBool(row.isPremium)) throw new AppError('bad_request', giftMessages.notPremiumArticle);
  }

  private urlOf(articleId: number, token: string): string {
    return `${this.settings.publicUrl}${paths.article(String(articleId))}?${giftParam}=${token}`;
  }
}

/** The gift token of a page's address (`?gift=`), if it carries one. */
export function giftTokenOf(url: string): string | undefined {
  const query = url.indexOf('?');
  if (query < 0) return undefined;
  return new URLSearchParams(url.slice(query + 1)).get(giftParam) ?? undefined;
}
