import type { FastifyBaseLogger } from 'fastify';
import type { ArticleBody } from '#shared/article-body/schema';
import { isPremiumAt } from '#shared/rules/premium';
import { mayReadPremium } from '#shared/rules/reading';
import type { Db } from '#server/db/database';
import { toBool } from '#server/db/values';
import type { MailSite } from '#server/mail/templates';
import { smtpConnections, type OutgoingMail } from '#server/mail/transport';
import {
  claimDueDeliveries,
  stillQueued,
  finishSends,
  markDelivered,
  markUndelivered,
  type ClaimedDelivery,
} from './deliveries.js';
import { WakeableRun } from '#server/jobs/wakeable-run';
import { newsletterLetter, type LetterArticle } from './letters.js';
import { subscriberToken } from './links.js';
import { selectSentArticles } from './sent-articles.js';
import { digestSubject } from './sends.js';

/** Deliveries one claim takes: short statements, and a short hold if this server dies. */
const batchSize = 50;

export interface NewsletterSenderOptions {
  db: Db;
  site: MailSite;
  /** The From line, whose address the List-Unsubscribe mailto: names. */
  from: string;
  secret: string;
  deliver: (mail: OutgoingMail) => Promise<void>;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Messages a second at most, from this server (NEWSLETTER_RATE); 0 for no limit. */
  rate: number;
}

interface LoadedSend {
  subject: string;
  /** A digest: each article's opening, to each reader only those of their choice. */
  digest: boolean;
  articles: LetterArticle[];
}

interface Recipient {
  email: string;
  readsPremium: boolean;
  digest: boolean;
  /** The publishers they follow, when they do not take the digest. */
  follows: Set<number>;
}

/**
 * Delivers the newsletters' due deliveries, a claim at a time, one run at a time per server;
 * several servers share a send, each claiming different deliveries (deliveries.ts). Each
 * message is marked sent as soon as the mail server takes it.
 */
export class NewsletterSender {
  readonly #runs = new WakeableRun(
    () => this.deliverDue(),
    (err) => this.o.log.warn({ err }, 'sending newsletters failed; the next run tries again'),
  );
  readonly #sends = new Map<number, LoadedSend>();
  #nextSlot = 0;

  constructor(private readonly o: NewsletterSenderOptions) {}

  /** Delivers what is due now; a run already going runs once more when it ends. */
  wake(): void {
    this.#runs.wake();
  }

  /** Waits for a run in progress, before the database closes. */
  idle(): Promise<void> {
    return this.#runs.idle();
  }

  async deliverDue(signal?: AbortSignal): Promise<void> {
    const { db } = this.o;
    // The sends' articles are kept for one run: a long-lived server holds no send it has done.
    this.#sends.clear();
    while (!signal?.aborted) {
      const batch = await claimDueDeliveries(db, this.o.now().getTime(), batchSize);
      if (batch.length === 0) return;
      const sendIds = [...new Set(batch.map((d) => d.sendId))];
      await this.#loadSends(sendIds);
      const recipients = await this.#recipients(batch.map((d) => d.subscriberId));
      // As many at once as the transport has connections: one at a time waits on every reply.
      let next = 0;
      const lane = async () => {
        while (!signal?.aborted && next < batch.length) {
          const d = batch[next++]!;
          await this.#deliverOne(d, recipients.get(d.subscriberId));
        }
      };
      await Promise.all(Array.from({ length: smtpConnections }, lane));
      await finishSends(db, sendIds, this.o.now());
      if (batch.length < batchSize) return;
    }
  }

  async #deliverOne(d: ClaimedDelivery, recipient: Recipient | undefined): Promise<void> {
    const { db } = this.o;
    // Another run (the timer's, a wake's) may have let the kept sends go since this batch's load.
    if (!this.#sends.has(d.sendId)) await this.#loadSends([d.sendId]);
    const send = this.#sends.get(d.sendId);
    const articles =
      send && recipient && send.digest && !recipient.digest
        ? send.articles.filter((article) => recipient.follows.has(article.publisherId))
        : send?.articles;
    if (!send || !recipient || !articles?.length) {
      const message = 'nothing to send: no such send, subscriber or article';
      await markUndelivered(db, d, { message, permanent: true }, this.o.now().getTime());
      return;
    }
    const mail = newsletterLetter(
      this.o.site,
      {
        id: d.sendId,
        // A digest's subject names what this reader's holds.
        subject: send.digest
          ? digestSubject(
              this.o.site.name,
              articles.map((a) => a.title),
            )
          : send.subject,
        openings: send.digest,
      },
      articles,
      { ...recipient, token: subscriberToken(this.o.secret, d.subscriberId) },
      this.o.from,
    );
    await this.#waitForSlot();
    // Checked last, just before it goes: the batch was claimed a while ago.
    if (!(await stillQueued(db, d))) return;
    try {
      await this.o.deliver(mail);
      await markDelivered(db, d, this.o.now().getTime());
    } catch (err) {
      const failure = smtpFailure(err);
      const outcome = await markUndelivered(db, d, failure, this.o.now().getTime());
      this.o.log[outcome === 'retry' ? 'warn' : 'error'](
        { err, sendId: d.sendId, subscriberId: d.subscriberId },
        outcome === 'retry'
          ? 'a newsletter was not taken; it is tried again later'
          : 'a newsletter was not taken; given up',
      );
    }
  }

  /** Keeps to `rate` messages a second. */
  async #waitForSlot(): Promise<void> {
    if (this.o.rate <= 0) return;
    const now = Date.now();
    const wait = this.#nextSlot - now;
    this.#nextSlot = Math.max(now, this.#nextSlot) + 1000 / this.o.rate;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  /** The subject and articles of each send not yet known to this server. */
  async #loadSends(ids: number[]): Promise<void> {
    const missing = ids.filter((id) => !this.#sends.has(id));
    if (missing.length === 0) return;
    const sends = await this.o.db
      .selectFrom('newsletterSend')
      .select(['id', 'kind', 'subject', 'articleIds'])
      .where('id', 'in', missing)
      .execute();
    const articleIds = [...new Set(sends.flatMap((s) => JSON.parse(s.articleIds) as number[]))];
    const rows =
      articleIds.length === 0 ? [] : await selectSentArticles(this.o.db, articleIds).execute();
    const articles = new Map(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          publisherId: row.publisherId,
          title: row.title,
          publisher: row.publisher,
          body: JSON.parse(row.body) as ArticleBody,
          isPremium: toBool(row.isPremium),
          authorIsAdmin: toBool(row.authorIsAdmin),
        },
      ]),
    );
    for (const send of sends) {
      const carried = (JSON.parse(send.articleIds) as number[]).flatMap((id) => {
        const article = articles.get(id);
        return article ? [article] : [];
      });
      this.#sends.set(send.id, {
        subject: send.subject,
        digest: send.kind === 'digest',
        articles: carried,
      });
    }
  }

  /**
   * Each subscriber's address, whether they may read premium text (their account's), and what
   * they chose.
   */
  async #recipients(ids: number[]): Promise<Map<number, Recipient>> {
    const rows = await this.o.db
      .selectFrom('newsletterSubscriber')
      .leftJoin('user', 'user.id', 'newsletterSubscriber.userId')
      .select([
        'newsletterSubscriber.id',
        'newsletterSubscriber.email',
        'newsletterSubscriber.digest',
      ])
      .select(['user.isAdmin', 'user.premiumUntil'])
      .where('newsletterSubscriber.id', 'in', ids)
      .execute();
    const followers = rows.filter((row) => !toBool(row.digest)).map((row) => row.id);
    const follows =
      followers.length === 0
        ? []
        : await this.o.db
            .selectFrom('newsletterSubscriberPublisher')
            .select(['subscriberId', 'publisherId'])
            .where('subscriberId', 'in', followers)
            .execute();
    const now = this.o.now();
    return new Map(
      rows.map((row) => [
        row.id,
        {
          email: row.email,
          digest: toBool(row.digest),
          follows: new Set(
            follows.filter((f) => f.subscriberId === row.id).map((f) => f.publisherId),
          ),
          readsPremium: mayReadPremium({
            isAdmin: row.isAdmin !== null && toBool(row.isAdmin),
            isPremium: isPremiumAt(row.premiumUntil, now),
          }),
        },
      ]),
    );
  }
}

/**
 * Whether a delivery's failure may pass: an SMTP reply of 5xx refuses the message for good;
 * a 4xx reply, a lost connection or a timeout may pass.
 */
export function smtpFailure(err: unknown): { message: string; permanent: boolean } {
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return { message, permanent: typeof code === 'number' && code >= 500 && code < 600 };
}
