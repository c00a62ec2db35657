/**
 * How often one person (or address) may do something: at most `max` times within
 * `windowSeconds` of the window's first attempt. The server counts them in the `attempt` table
 * (src/server/rate-limit/attempts.ts), shared by every process.
 */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

const minute = 60;
const hour = 60 * minute;

export const rateLimits = {
  /** Sign-ins to one account from browsers without its device cookie, from anywhere: past it
   * the account is locked for them (docs/decisions/003-sign-in-lockout.md). */
  signInPerAccount: { max: 5, windowSeconds: 15 * minute },
  /** Sign-ins from a browser with the account's device cookie: its own budget, per device. */
  signInPerDevice: { max: 5, windowSeconds: 15 * minute },
  /** New accounts from one address: enough for a family or an office, not for a script. */
  registrations: { max: 10, windowSeconds: hour },
  /** Profile changes by one user: plenty for a person, a stop for a script. */
  profileUpdates: { max: 30, windowSeconds: hour },
  /** Images made for one user, on every route that takes one: generous for writing, a stop for
   * scripts filling the store. */
  images: { max: 100, windowSeconds: hour },
  /** Card payments begun by one user: a few changes of mind and declined cards, too few to
   * test stolen cards with. */
  paymentIntents: { max: 20, windowSeconds: hour },
  /** Password-reset mails asked for one address (an account's), and from one client address:
   * enough for a lost mail or two, too few to flood someone's inbox. */
  passwordResetsPerAccount: { max: 3, windowSeconds: hour },
  passwordResetsPerClient: { max: 10, windowSeconds: hour },
  /** Newsletter confirmation mails asked for one address, and from one client address: as
   * for password resets, a lost mail or two, too few to flood an inbox. */
  newsletterSignupsPerAddress: { max: 3, windowSeconds: hour },
  newsletterSignupsPerClient: { max: 10, windowSeconds: hour },
  /** Verification links one user asks to be sent again. */
  verificationMails: { max: 3, windowSeconds: hour },
  /** Views one address adds to one article's count: a reader reloading, not a script
   * inflating. */
  articleViews: { max: 30, windowSeconds: minute },
  /** Site searches from one address (the API's and the search page's): two a second for a
   * minute is more than a reader types or clicks, and a stop for a script walking the index. */
  searches: { max: 120, windowSeconds: minute },
  /** Analytics beacons from one address: a page view and an engagement a page, for a reader
   * opening a page a second, and a stop for a script filling the dashboard. */
  analyticsEvents: { max: 120, windowSeconds: minute },
} as const satisfies Record<string, RateLimit>;

/** Items per page of each list the web app shows (the API takes any limit up to its maximum). */
export const pageSizes = {
  /** All Articles and Premium Articles: four rows of three cards. */
  articleCards: 12,
  /** My Articles' table. */
  myArticles: 20,
  /** The admins' lists (spec: three to a page). */
  admin: 3,
} as const;
