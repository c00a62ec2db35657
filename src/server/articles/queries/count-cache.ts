import type { Db } from '../../db/database.js';

/**
 * How long a list's total (the X-Total-Count header) is reused. Counting means reading every
 * match (95,000 index entries for "all approved" at 100,000 articles; a quarter of the articles
 * for a tag): 2 to 25 ms on SQLite, which holds up every other request meanwhile, while the
 * total only feeds the pager. Article writes made by this process forget the totals at once;
 * another server process's writes show within this time, in the pager's page count only.
 */
export const countLifetimeMs = 30_000;
/** Distinct lists remembered per database; the oldest goes first. */
const maxEntries = 1_000;

interface Entry {
  expires: number;
  total: Promise<unknown>;
}

const totals = new WeakMap<Db, Map<string, Entry>>();

/**
 * The totals of the list `key`, counted by `count` at most once per lifetime. Readers asking
 * while it is being counted share that one count. (A key is always counted the same way, so
 * what is remembered under it has the type `count` gives.)
 */
export function cachedCount<T>(db: Db, key: string, count: () => Promise<T>): Promise<T> {
  let entries = totals.get(db);
  if (!entries) totals.set(db, (entries = new Map()));
  const now = Date.now();
  const cached = entries.get(key);
  if (cached && cached.expires > now) return cached.total as Promise<T>;

  const total = count();
  const entry = { expires: now + countLifetimeMs, total };
  entries.delete(key);
  entries.set(key, entry);
  if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  // A failed count is not remembered.
  total.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return total;
}

/** Called after every write that can change which articles a list holds. */
export function forgetCounts(db: Db): void {
  totals.delete(db);
}
