import { LRUCache } from 'lru-cache';
import type { ChangeWatch } from '#server/db/changes';

/**
 * How long public answers (lists, their totals, search answers, feeds, article details) are
 * reused by this process. A public answer does not depend on who asks (lists carry excerpts;
 * readers see approved articles only), so the home page's lists and popular searches are read
 * from the database a few times a minute rather than for every reader.
 *
 * - `page`: the articles of one page of one list, or one article's detail, up to 30 seconds.
 * - `total`: a list's total (X-Total-Count), up to 5 minutes. Counting reads every match (95,000
 *   index entries for "all approved" at 100,000 articles; a quarter of the articles for a tag):
 *   2 to 40 ms on SQLite, holding up every other request meanwhile, while the total only feeds
 *   the pager. Counted every 30 seconds, the tag searches' totals alone held up one request in
 *   forty for more than 25 ms in the benchmark.
 *
 * Every write that changes what the public sees (articles written, moderated or deleted; an
 * author's name or photo), whoever makes it, makes every process drop them all at once: the
 * database announces it (db/changes.ts). These times bound only what such a notice could miss (a
 * listening connection lost for a while); view counts and the trending order may lag as much.
 * Authors' and admins' lists are not kept (list.ts).
 */
export const readLifetimesMs = { page: 30_000, total: 300_000 } as const;
/** The longest life of a kept answer while this process cannot hear others' notices. */
const unsureLifetimeMs = 1_000;

interface Kept {
  value: unknown;
  /** The value as every reader gets it while it is fresh: one promise made once, not one a read. */
  answer: Promise<unknown>;
  /** When the value was asked for: it is never answered once its lifetime older than this. */
  readAt: number;
  /** Its size in bytes, roughly: what the room is counted in. */
  size: number;
}
type Fill = () => Promise<Kept>;

export interface KeepOptions<T> {
  /** The value's size in bytes, roughly; by default the length of its JSON. */
  size?: (value: T) => number;
  /** Whether to keep the value at all; it is answered to its readers either way. */
  keep?: (value: T) => boolean;
}

const jsonLength = (value: unknown) => JSON.stringify(value)?.length ?? 1;

/**
 * What this process keeps of what the public sees (app.publicReads, app.searchReads,
 * app.articleReads, app.guestPages: cache/plugin.ts), in a room of `maxBytes`.
 *
 * - **Least recently used goes first** (lru-cache): a flood of addresses asked for once (random
 *   query strings, articles opened at random) cannot push out the answers read all the time.
 * - **One read per key at a time**: readers asking while a value is read share that read
 *   (lru-cache's fetch); a read that fails is not remembered.
 * - **Forgotten on every announced change**: a value belongs to the generation of the
 *   database's changes it was read in (db/changes.ts); when the generation moves, the whole room
 *   is replaced by an empty one. Reads under way finish into the old room, which nobody reads.
 * - **Fresh for a random part of its lifetime**, between half and all of it; after that the
 *   next reader starts one read to replace it and, like everyone else until that read is in,
 *   gets the value already there. So no reader waits for a popular answer to be read again,
 *   and values read together (every search word of a busy minute) are not read again together,
 *   which on SQLite would hold up everything else at once. No value is answered past its
 *   lifetime.
 */
export class KeptReads {
  #generation = Number.NaN;
  #room: LRUCache<string, Kept, Fill>;
  /** The keys asked for lately, without their values (see `keptFromSecondAsk`). */
  readonly #asked: LRUCache<string, true> | undefined;

  /**
   * `keptFromSecondAsk`: keep a value only once its key is asked for again while it is among
   * that many keys asked for lately. For a room whose keys are mostly asked for once (articles
   * opened at random from an archive), keeping each first answer cost more than it saved: the
   * values went before anyone asked for them again, and their making and their collection by
   * the garbage collector made every read dearer.
   */
  constructor(
    private readonly changes: Pick<ChangeWatch, 'current'>,
    private readonly maxBytes: number,
    { keptFromSecondAsk }: { keptFromSecondAsk?: number } = {},
  ) {
    this.#room = this.#emptyRoom();
    this.#asked = keptFromSecondAsk ? new LRUCache({ max: keptFromSecondAsk }) : undefined;
  }

  /**
   * The value for `key`, read by `read` and reused for up to `lifetimeMs` (see the class).
   */
  read<T>(
    key: string,
    lifetimeMs: number,
    read: () => Promise<T>,
    { size = jsonLength, keep }: KeepOptions<T> = {},
  ): Promise<T> {
    if (
      this.#asked &&
      !this.#asked.has(key) &&
      this.#room.peek(key, { allowStale: true }) === undefined
    ) {
      this.#asked.set(key, true);
      return read();
    }
    const { generation, sure } = this.changes.current();
    const room = this.#roomOf(generation);
    if (!sure) lifetimeMs = Math.min(lifetimeMs, unsureLifetimeMs);
    // A fresh value, what most reads find, is answered without a fetch's promises. (get on a
    // stale entry would delete it, so it is asked only of a fresh one.)
    if (room.getRemainingTTL(key) > 0) {
      const fresh = room.get(key);
      if (fresh && Date.now() < fresh.readAt + lifetimeMs) return fresh.answer as Promise<T>;
    }
    const kept = room.peek(key, { allowStale: true });
    const tooOld = kept !== undefined && Date.now() >= kept.readAt + lifetimeMs;
    const fill: Fill = async () => {
      const readAt = Date.now();
      const value = await read();
      // A value larger than the room's largest entry is answered and never stored.
      const bytes = keep && !keep(value) ? this.maxBytes + 1 : Math.ceil(size(value));
      return { value, answer: Promise.resolve(value), readAt, size: Math.max(1, bytes) };
    };
    return room
      .fetch(key, {
        context: fill,
        ttl: Math.max(1, Math.round(lifetimeMs * (0.5 + Math.random() / 2))),
        allowStale: !tooOld,
        forceRefresh: tooOld,
      })
      .then((value) => value!.value as T);
  }

  /**
   * The value kept for `key`, if there is one that may still be answered; nothing is read.
   * The generation is read only when there is one: most keys asked for this way have none.
   */
  peek<T>(key: string, lifetimeMs: number): T | undefined {
    if (this.#room.peek(key, { allowStale: true }) === undefined) return undefined;
    const { generation, sure } = this.changes.current();
    const kept = this.#roomOf(generation).peek(key, { allowStale: true });
    const limit = sure ? lifetimeMs : Math.min(lifetimeMs, unsureLifetimeMs);
    return kept && Date.now() < kept.readAt + limit ? (kept.value as T) : undefined;
  }

  #roomOf(generation: number): LRUCache<string, Kept, Fill> {
    if (generation !== this.#generation) {
      this.#generation = generation;
      this.#room = this.#emptyRoom();
    }
    return this.#room;
  }

  #emptyRoom(): LRUCache<string, Kept, Fill> {
    return new LRUCache<string, Kept, Fill>({
      maxSize: this.maxBytes,
      sizeCalculation: (kept) => kept.size,
      fetchMethod: (_key, _stale, { context }) => context(),
      // A stale value is answered while one read replaces it; a replacement that fails leaves
      // it there (until its lifetime, checked in read), and the next reader tries again.
      allowStale: true,
      noDeleteOnFetchRejection: true,
      // Our own clock, read at every check: lru-cache otherwise caches the time with a timer
      // each millisecond, and tests move Date.
      perf: { now: () => Date.now() },
      ttlResolution: 0,
    });
  }
}
