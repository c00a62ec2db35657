import type { Db } from '../../db/database.js';

/**
 * How long list answers are reused by this process. A list's answer no longer depends on who
 * asks (lists carry excerpts; the route narrows the filters to what the caller may see), so the
 * home page's lists and popular searches are read from the database a few times a minute rather
 * than for every reader.
 *
 * - `page`: the articles of one page of one list (and its total), reused for 5 seconds: view
 *   counts and the trending order may lag that much.
 * - `total`: a list's total (X-Total-Count). Counting reads every match (95,000 index entries
 *   for "all approved" at 100,000 articles; a quarter of the articles for a tag), 2 to 25 ms on
 *   SQLite, which holds up every other request meanwhile, while the total only feeds the pager.
 *
 * Every write through this process that changes what a list shows (articles written, moderated
 * or deleted; an author's name or photo) forgets them all at once. Another server process's
 * writes show within these times.
 */
export const listLifetimesMs = { page: 5_000, total: 30_000 } as const;
/** Answers remembered per database; the oldest goes first. */
const maxEntries = 2_000;

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

const caches = new WeakMap<Db, Map<string, Entry>>();

/**
 * The value for `key`, read by `read` at most once per `lifetimeMs`. Readers asking while it is
 * being read share that one read. A read that fails is not remembered.
 */
export function cachedListRead<T>(
  db: Db,
  key: string,
  lifetimeMs: number,
  read: () => Promise<T>,
): Promise<T> {
  let entries = caches.get(db);
  if (!entries) caches.set(db, (entries = new Map()));
  const now = Date.now();
  const cached = entries.get(key);
  if (cached && cached.expires > now) return cached.value as Promise<T>;

  const value = read();
  const entry = { expires: now + lifetimeMs, value };
  entries.delete(key);
  entries.set(key, entry);
  if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return value;
}

/**
 * Called after every write that can change what a list shows. A read still under way keeps its
 * answer for the readers who asked before the write, but that answer is not kept for later ones:
 * it belongs to the map that is dropped here.
 */
export function forgetLists(db: Db): void {
  caches.delete(db);
}
