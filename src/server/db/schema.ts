import type { ColumnType, Generated } from 'kysely';

/**
 * Table types as Kysely sees them. Columns are snake_case in SQL and camelCase here
 * (CamelCasePlugin). Timestamps are ISO strings on SQLite and Date on PostgreSQL when read;
 * write ISO strings, they work on both. Booleans read back as 0/1 on SQLite.
 */
type Timestamp = ColumnType<Date | string, string, string>;
type Bool = ColumnType<boolean | number, boolean, boolean>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  isAdmin: Bool;
  publishedArticles: ColumnType<number, number | undefined, number>;
  premiumUntil: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** Whether the newsroom's notices are mailed (receipts and security mail always are). */
  emailNotices: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** The expiry the last premium reminder was sent for (payments/reminders.ts). */
  premiumRemindedUntil: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

export interface SessionTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Timestamp | null;
  refreshTokenExpiresAt: Timestamp | null;
  scope: string | null;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface RateLimitTable {
  id: string;
  key: string;
  count: number;
  lastRequest: ColumnType<number | string, number, number>;
}

/** The app's own attempt counters (rate-limit/attempts.ts); better-auth keeps its own in rateLimit. */
export interface AttemptTable {
  /** `scope:` and the SHA-256 of what is counted (an email, an address, a user id). */
  key: string;
  count: number;
  /** When the current window began and ends, in milliseconds since the epoch. */
  windowStart: number;
  expiresAt: number;
}

/** A premium article a reader without premium opened in full under the meter (src/server/meter). */
export interface MeteredReadTable {
  /** The month in the site's time zone, `2026-11`. */
  month: string;
  readerKind: 'account' | 'visitor' | 'network';
  /** The reader's key, HMAC-SHA256 under the server's secret (meter/reader-keys.ts). */
  readerHash: string;
  articleId: number;
}

/** A gift link (gifts/, migration 026): never its token in the clear. */
export interface GiftTable {
  id: Generated<number>;
  articleId: number;
  giverId: string;
  /** SHA-256 of the link's token, base64url: what an opening looks the gift up by. */
  tokenHash: string;
  /** The token sealed under the server's secret (gifts/tokens.ts), to give its giver again. */
  tokenSealed: string;
  /** The giver's calendar month it counts in, `2026-11`, in the site's time zone. */
  month: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
  openedCount: ColumnType<number, number | undefined, number>;
}

/** One browser's first opening of a gift link, named by keyed hashes only (gifts/browser-keys.ts). */
export interface GiftOpeningTable {
  giftId: number;
  browserHash: string;
  networkHash: string;
  firstOpenedAt: Timestamp;
}

/** Images stored where the app can delete them (local disk, S3), for the sweeper. */
export interface StoredImageTable {
  /** The URL it is shown at, as articles, users and publishers refer to it. */
  url: string;
  store: 'local' | 's3' | 'imgbb';
  storedAt: Timestamp;
}

/** An image's copies in several widths, for srcset (migration 009). */
export interface ImageVariantTable {
  /** The URL articles, users and publishers refer to. */
  image: string;
  width: number;
  /** Where the copy of this width is shown (the image's own URL at its own width). */
  url: string;
  /** The copy's height; null until the backfill reaches a row recorded before heights were. */
  height: number | null;
}

export interface PublisherTable {
  id: Generated<number>;
  name: string;
  logo: string;
  createdAt: Timestamp;
}

export interface ArticleTable {
  id: Generated<number>;
  title: string;
  image: string;
  publisherId: number;
  /** The body, a document as JSON (src/shared/article-body/). */
  body: string;
  /** The body's plain text, which the API answers and search indexes. */
  description: string;
  /** Its headings' text, one a line, which search weighs above the rest (migration 020). */
  headings: ColumnType<string, string | undefined, string>;
  /** The first three sentences: what lists show of a free article. */
  excerpt: string;
  /** What lists show of a premium article, never its whole text (src/shared/excerpt.ts). */
  premiumExcerpt: string;
  isPremium: Bool;
  viewCount: ColumnType<number, number | undefined, number>;
  isApproved: Bool;
  adminMessage: string | null;
  /** Why an editor declined the author's last edit of the published article, until the next. */
  revisionMessage: ColumnType<string | null, string | null | undefined, string | null>;
  authorId: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** An author's edit of a published article, waiting for an editor (at most one per article). */
export interface ArticleRevisionTable {
  id: Generated<number>;
  articleId: number;
  title: string;
  image: string;
  publisherId: number;
  /** As the article's: the document as JSON, and its plain text. */
  body: string;
  description: string;
  /** Comma-separated. */
  tags: string;
  submittedAt: Timestamp;
}

export interface ArticleTagTable {
  articleId: number;
  tag: string;
}

export interface SubscriptionTable {
  id: Generated<number>;
  userId: string;
  plan: string;
  /** Whole US cents. */
  price: number;
  transactionId: string;
  purchasedAt: Timestamp;
  expiresAt: Timestamp;
}

export interface PaymentTable {
  /** The provider's payment intent id; also the subscription's transaction id. */
  id: string;
  userId: string;
  plan: string;
  /** Whole US cents. */
  amount: number;
  currency: string;
  status: ColumnType<'pending' | 'granted', 'pending' | undefined, 'granted'>;
  createdAt: Timestamp;
  grantedAt: ColumnType<Date | string | null, string | null | undefined, string>;
}

export interface DemoPaymentIntentTable {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  userId: string;
  /** 'requires_payment_method' until a card pays it, then 'succeeded' (Stripe's names). */
  status: string;
  createdAt: Timestamp;
}

/** One row (id 1): how many writes changed what public lists show (db/changes.ts). */
export interface ChangeCounterTable {
  id: number;
  count: number;
}

/** A guest's page of a published article, stored compressed (pages/stored-pages.ts). */
export interface StoredPageTable {
  articleId: number;
  build: string;
  day: string;
  claim: string | null;
  claimedAt: number;
  htmlGzip: Buffer | null;
  /** A free article's public detail, JSON, gzip-compressed (migration 028); null otherwise. */
  detailGzip: Buffer | null;
  /**
   * A premium article's open page as the meter opens it for a guest, with gaps for the reader's
   * numbers (migration 031, pages/open-pages.ts); null otherwise.
   */
  openSegments: Buffer | null;
  /** The article's, copied when the page is claimed (migration 032): what its answer names. */
  isPremium: Bool;
  publisherId: number;
  authorId: string;
}

/** A message until a server has handed it over (mail/queue.ts); times in epoch milliseconds. */
export interface MailQueueTable {
  id: string;
  toAddress: string;
  kind: string;
  carriesSecret: Bool;
  /** Emptied once a message that carries a secret is sent or given up on (mail/queue.ts). */
  subject: string;
  textBody: string;
  htmlBody: string;
  dedupeKey: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: number;
  claimedUntil: number | null;
  sentAt: number | null;
  failedAt: number | null;
  lastError: string | null;
  createdAt: number;
}

export type NewsletterStatus = 'pending' | 'confirmed' | 'unsubscribed' | 'suppressed';
export type SuppressionReason = 'hard_bounce' | 'soft_bounce' | 'complaint';

/** A newsletter's reader, with or without an account (migration 021). */
export interface NewsletterSubscriberTable {
  id: Generated<number>;
  /** Lower case, as the email schema gives it. */
  email: string;
  status: NewsletterStatus;
  /** The daily digest. */
  digest: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** The SHA-256 of the mailed confirmation token, while the address is pending. */
  confirmTokenHash: string | null;
  confirmExpiresAt: Timestamp | null;
  userId: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  confirmedAt: Timestamp | null;
  /** When mail to the address was last returned for good, and why (migration 024). */
  suppressedAt: Timestamp | null;
  suppressedReason: SuppressionReason | null;
}

/** A publisher whose news a subscriber also chose. */
export interface NewsletterSubscriberPublisherTable {
  subscriberId: number;
  publisherId: number;
}

/** An article sent now, or a day's digest (migration 022). */
export interface NewsletterSendTable {
  id: Generated<number>;
  kind: 'article' | 'digest';
  articleId: number | null;
  digestDay: string | null;
  /** The ids of the articles it carries, as JSON. */
  articleIds: string;
  subject: string;
  status: 'sending' | 'done' | 'stopped';
  recipients: ColumnType<number, number | undefined, number>;
  createdBy: string | null;
  createdAt: Timestamp;
  finishedAt: Timestamp | null;
  /** Complaints against it (migration 024): past 0.3% of its recipients, it stops. */
  complaints: ColumnType<number, number | undefined, number>;
}

/** One recipient of a send. Times are epoch milliseconds. */
export interface NewsletterDeliveryTable {
  sendId: number;
  subscriberId: number;
  status: 'queued' | 'sent' | 'failed' | 'bounced';
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: number;
  claimedUntil: number | null;
  sentAt: number | null;
  lastError: string | null;
}

/** What an analytics event records (src/server/analytics, decision 026). */
export type AnalyticsEventKind =
  | 'pageview'
  | 'engagement'
  | 'paywall'
  | 'registration_wall'
  | 'metered_read'
  | 'checkout'
  | 'subscription'
  | 'newsletter_signup'
  | 'registration'
  | 'gift_given'
  | 'gift_opened';

/** The daily salt of the visitors' hashes, one row a day in the site's time zone. */
export interface AnalyticsSaltTable {
  day: string;
  salt: string;
}

/** One raw event, kept 30 days; no address or user agent in clear. */
export interface AnalyticsEventTable {
  id: Generated<number>;
  /** Milliseconds since the epoch. */
  at: number;
  /** The hour in the site's time zone, `2026-11-29T14`; its first ten characters are the day. */
  hour: string;
  kind: AnalyticsEventKind;
  /** The article it is about, or credited to (a subscription's last wall); null for none. */
  articleId: number | null;
  publisherId: number | null;
  /** SHA-256 of the day's salt, address, user agent and site. */
  visitorHash: string | null;
  /** A signed-in reader's keyed hash (HMAC of their id), for the funnel's attribution. */
  readerHash: string | null;
  /** A page view's source (analytics/sources.ts); empty for any other event. */
  sourceKind: ColumnType<string, string | undefined, string>;
  source: ColumnType<string, string | undefined, string>;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  /** mobile, tablet or desktop; empty for an event without the reader's request. */
  device: ColumnType<string, string | undefined, string>;
  engagedSeconds: number | null;
  scrollDepth: number | null;
  /** The reader's ISO country code, where GEOIP_DATABASE is set and knows the address. */
  country: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The counters of the roll-ups (migrations 029 and 033), one integer column each. */
export interface AnalyticsCounters {
  pageViews: number;
  walls: number;
  meteredReads: number;
  checkouts: number;
  subscriptions: number;
  registrations: number;
  newsletterSignups: number;
  giftsGiven: number;
  giftsOpened: number;
  engagedCount: number;
  engagedSeconds: number;
  scrollCount: number;
  scrollSum: number;
}

/** The whole site's counts of an hour or a day; checkouts and the like only those credited. */
export interface AnalyticsSiteTable extends AnalyticsCounters {
  bucket: string;
}

/** One article's counts of a day. */
export interface AnalyticsArticleDailyTable extends AnalyticsCounters {
  articleId: number;
  bucket: string;
}

/** One publisher's counts of a day. */
export interface AnalyticsPublisherDailyTable extends AnalyticsCounters {
  bucket: string;
  publisherId: number;
}

/** One source's page views of a day. */
export interface AnalyticsSourceDailyTable {
  bucket: string;
  sourceKind: string;
  source: string;
  pageViews: number;
}

/**
 * One device class's counts of a day: mobile, tablet or desktop, or '' for the events without
 * the reader's request (a subscription paid by webhook).
 */
export interface AnalyticsDeviceDailyTable extends AnalyticsCounters {
  bucket: string;
  device: string;
}

/** One country's page views of a day. */
export interface AnalyticsCountryDailyTable {
  bucket: string;
  country: string;
  pageViews: number;
}

/** The last day the articles' span totals of `days` days reach. */
export interface AnalyticsSpanTable {
  days: number;
  day: string;
}

/** One article's counts over the span of `days` days to its `analytics_span` day. */
export interface AnalyticsArticleSpanTable extends AnalyticsCounters {
  days: number;
  articleId: number;
}

/** Distinct visitors of a bucket (an hour or a day), the whole site's (article 0) or an article's. */
export interface AnalyticsVisitorsTable {
  bucket: string;
  articleId: number;
  visitors: number;
}

/** The visitors' hashes seen in a bucket, kept while their day's salt is (two days). */
export interface AnalyticsVisitorSeenTable {
  bucket: string;
  articleId: number;
  visitorHash: string;
}

/** How far the roll-up has read the raw events: the last event id rolled up. */
export interface AnalyticsWatermarkTable {
  name: string;
  lastId: number;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  rateLimit: RateLimitTable;
  attempt: AttemptTable;
  meteredRead: MeteredReadTable;
  gift: GiftTable;
  giftOpening: GiftOpeningTable;
  storedImage: StoredImageTable;
  imageVariant: ImageVariantTable;
  publisher: PublisherTable;
  article: ArticleTable;
  articleTag: ArticleTagTable;
  articleRevision: ArticleRevisionTable;
  subscription: SubscriptionTable;
  payment: PaymentTable;
  demoPaymentIntent: DemoPaymentIntentTable;
  changeCounter: ChangeCounterTable;
  mailQueue: MailQueueTable;
  storedPage: StoredPageTable;
  newsletterSubscriber: NewsletterSubscriberTable;
  newsletterSubscriberPublisher: NewsletterSubscriberPublisherTable;
  newsletterSend: NewsletterSendTable;
  newsletterDelivery: NewsletterDeliveryTable;
  analyticsSalt: AnalyticsSaltTable;
  analyticsEvent: AnalyticsEventTable;
  analyticsVisitors: AnalyticsVisitorsTable;
  analyticsVisitorSeen: AnalyticsVisitorSeenTable;
  analyticsWatermark: AnalyticsWatermarkTable;
  analyticsSite: AnalyticsSiteTable;
  analyticsArticleDaily: AnalyticsArticleDailyTable;
  analyticsPublisherDaily: AnalyticsPublisherDailyTable;
  analyticsSourceDaily: AnalyticsSourceDailyTable;
  analyticsSpan: AnalyticsSpanTable;
  analyticsArticleSpan: AnalyticsArticleSpanTable;
  analyticsCountryDaily: AnalyticsCountryDailyTable;
  analyticsDeviceDaily: AnalyticsDeviceDailyTable;
}
