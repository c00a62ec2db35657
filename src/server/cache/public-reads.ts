import type { ChangeWatch } from '../db/changes.js';

/**
 * How long public answers (lists, their totals, search answers, feeds) are reused by this
 * process. A public list's answer does
 * not depend on who asks (lists carry excerpts; readers see approved articles only), so the home
 * page's lists and popular searches are read from the database a few times a minute rather than
 * for every reader.
 *
 * - `page`: the articles of one page of one list, up to 30 seconds.
 * - `total`: a list's total (X-Total-Count), up to 5 minutes. Counting reads every match (95,000
 *   index entries for "all approved" at 100,000 articles; a quarter of the articles for a tag):
 *   2 to 40 ms on SQLite, holding up every other request meanwhile, while the total only feeds
 *   the pager. Counted every 30 seconds, the tag searches' totals alone held up one request in
 *   forty for more than 25 ms in the benchmark.
 *
 * Every write that changes what a list shows (articles written, moderated or deleted; an
 * author's name or photo), whoever makes it, makes every process drop them all at once: the
 * database announces it (db/changes.ts). These times bound only what such a notice could miss (a
 * listening connection lost for a while); view counts and the trending order may lag as much. Authors' and admins' lists are not kept (list.ts).
 */
export const readLifetimesMs = { page: 30_000, total: 300_000 } as const;
/** The longest life of a kept answer while this process cannot hear others' notices. */
const unsureLifetimeMs = 1_000;
/** Answers remembered by default; the oldest goes first. */
const defaultMaxEntries = 2_000;

interface Entry {
  /** When the value was asked for: it is never answered once `lifetimeMs` older than this. */
  readAt: number;
  /** Until when it is answered as it is; after that, while one read replaces it. */
  freshUntil: number;
  value: Promise<unknown>;
  refreshing: boolean;
}

/**
 * The public answers this process keeps (app.publicReads, cache/plugin.ts): they are all
 * invalidated when the generation of the database's changes moves.
 */
export class PublicReads {
  #generation = Number.NaN;
  #entries = new Map<string, Entry>();

  constructor(
    private readonly changes: Pick<ChangeWatch, 'current'>,
    private readonly maxEntries = defaultMaxEntries,
  ) {}

  /**
   * The value for `key`, read by `read` and reused for up to `lifetimeMs`. Readers asking while
   * it is being read share that one read; a read that fails is not remembered.
   *
   * A value is fresh for a random part of its lifetime, between half and all of it; after that,
   * the next reader starts one read to replace it and, like everyone else until that read is in,
   * gets the value already there. So no reader waits for a popular list to be read again, and
   * values read together (every search word of a busy minute) are not read again together, which
   * on SQLite would hold up everything else at once. No value is answered past its lifetime, nor
   * after any process has announced a change since it was read.
   */
  read<T>(key: string, lifetimeMs: number, read: () => Promise<T>): Promise<T> {
    const { generation, sure } = this.changes.current();
    // A new map, not a cleared one: reads still under way put their values in the old one.
    if (generation !== this.#generation) {
      this.#generation = generation;
      this.#entries = new Map();
    }
    const entries = this.#entries;
    if (!sure) lifetimeMs = Math.min(lifetimeMs, unsureLifetimeMs);
    const now = Date.now();
    const entry = entries.get(key);
    if (entry && now < entry.readAt + lifetimeMs) {
      if (now >= entry.freshUntil && !entry.refreshing)
        refresh(entries, this.maxEntries, key, entry, lifetimeMs, read);
      return entry.value as Promise<T>;
    }
    return remember(entries, this.maxEntries, key, read(), now, lifetimeMs).value as Promise<T>;
  }
}

function refresh(
  entries: Map<string, Entry>,
  maxEntries: number,
  key: string,
  entry: Entry,
  lifetimeMs: number,
  read: () => Promise<unknown>,
) {
  entry.refreshing = true;
  const readAt = Date.now();
  const value = read();
  value.then(
    () => {
      if (entries.get(key) === entry) remember(entries, maxEntries, key, value, readAt, lifetimeMs);
    },
    () => {
      entry.refreshing = false;
    },
  );
}

function remember(
  entries: Map<string, Entry>,
  maxEntries: number,
  key: string,
  value: Promise<unknown>,
  readAt: number,
  lifetimeMs: number,
): Entry {
  const entry = {
    readAt,
    freshUntil: readAt + lifetimeMs * (0.5 + Math.random() / 2),
    value,
    refreshing: false,
  };
  entries.delete(key);
  entries.set(key, entry);
  if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return entry;
}
