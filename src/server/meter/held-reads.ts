import type { Db } from '#server/db/database';
import { oneAtATime } from '#server/jobs/one-at-a-time';
import { meterReads, writeMeteredReads, type MeteredReadRow } from './queries.js';
import type { ReaderKey } from './reader-keys.js';

/** Where a reader stands in a month, as the meter decides by it (rules/meter.ts). */
export interface MeterCount {
  /** The most articles any of the reader's keys has read this month. */
  used: number;
  /** Whether any of the keys has read the article asked for already. */
  readBefore: boolean;
}

/** Articles read this month under each key (`month kind hash`), held in memory. */
type Held = Map<string, Set<number>>;

const keyOf = (month: string, key: ReaderKey) => `${month} ${key.kind} ${key.hash}`;

/**
 * The reading meter's ledger (decision 023): what each reader has read this month is the
 * database's rows and the reads this process granted and has not yet written. A granted read is
 * held in memory and written with the others by `flush` (every second, meter/plugin.ts, and as
 * the app closes), not in a commit of its own, which was a fifth of a metered page's CPU.
 *
 * Within the process a reader's last free article is never given twice: the count is read, then
 * the decision and the reservation are made at once, with no wait between, against the rows read
 * and every read held. A written read stays held until each count that began before its write
 * committed has answered, so no count misses it between the two. Across processes a read is seen
 * once written: two processes can each give a reader's last free article within the same second.
 */
export class HeldReads {
  /** Granted since the last flush began. */
  #pending: Held = new Map();
  /** Being written by the flush in progress. */
  #writing: Held = new Map();
  /** Written, each with the flush it was written by, kept while a count that began before it runs. */
  #written: { flush: number; held: Held }[] = [];
  /** Flushes whose writes have committed. */
  #flushes = 0;
  /** Counts in progress, by the number of flushes committed when each began. */
  #counting = new Map<number, number>();

  /** `writes`: where the flush writes (the background connection, db/database.ts). */
  constructor(
    private readonly db: Db,
    private readonly writes: Db = db,
  ) {}

  /**
   * Counts the reader named by `keys` in `month` and, if `opens` says the meter opens
   * `articleId` for where they stand, holds the read under every key and `newKeys` (a visitor
   * cookie given now, which has read nothing).
   */
  async take(
    month: string,
    keys: ReaderKey[],
    newKeys: ReaderKey[],
    articleId: number,
    opens: (count: MeterCount) => boolean,
  ): Promise<MeterCount & { taken: boolean }> {
    const began = this.#flushes;
    this.#counting.set(began, (this.#counting.get(began) ?? 0) + 1);
    try {
      const rows = await meterReads(this.db, month, keys);
      // From here to the return nothing waits: the decision and the hold are one step.
      const read = keys.map((key) => this.#readUnder(month, key, rows));
      const count = {
        used: Math.max(0, ...read.map((ids) => ids.size)),
        readBefore: read.some((ids) => ids.has(articleId)),
      };
      const taken = opens(count);
      if (taken) {
        keys.forEach((key, i) => {
          if (!read[i]!.has(articleId)) this.#hold(month, key, articleId);
        });
        for (const key of newKeys) this.#hold(month, key, articleId);
      }
      return { ...count, taken };
    } finally {
      const left = this.#counting.get(began)! - 1;
      if (left > 0) this.#counting.set(began, left);
      else this.#counting.delete(began);
      this.#forgetWritten();
    }
  }

  /** Writes the reads held so far in one transaction; those granted meanwhile wait for the next. */
  readonly flush = oneAtATime(async () => {
    if (this.#pending.size === 0) return;
    this.#writing = this.#pending;
    this.#pending = new Map();
    const rows: MeteredReadRow[] = [];
    for (const [name, ids] of this.#writing) {
      const [month, kind, hash] = name.split(' ') as [string, ReaderKey['kind'], string];
      for (const articleId of ids)
        rows.push({ month, readerKind: kind, readerHash: hash, articleId });
    }
    try {
      await writeMeteredReads(this.writes, rows);
    } catch (err) {
      // Held again, for the next flush: a read lost would be a free article given again.
      for (const [name, ids] of this.#writing) for (const id of ids) addTo(this.#pending, name, id);
      this.#writing = new Map();
      throw err;
    }
    this.#flushes += 1;
    this.#written.push({ flush: this.#flushes, held: this.#writing });
    this.#writing = new Map();
    this.#forgetWritten();
  });

  /** How many reads this process holds in memory, written or not (for tests). */
  get heldCount(): number {
    const sizes = [this.#pending, this.#writing, ...this.#written.map((w) => w.held)].flatMap(
      (held) => [...held.values()].map((ids) => ids.size),
    );
    return sizes.reduce((sum, size) => sum + size, 0);
  }

  /** The articles read under `key` this month: the rows read and the reads held. */
  #readUnder(month: string, key: ReaderKey, rows: MeteredReadRow[]): Set<number> {
    const ids = new Set<number>();
    for (const row of rows) {
      if (row.readerKind === key.kind && row.readerHash === key.hash) ids.add(row.articleId);
    }
    const name = keyOf(month, key);
    for (const held of [this.#pending, this.#writing, ...this.#written.map((w) => w.held)]) {
      for (const id of held.get(name) ?? []) ids.add(id);
    }
    return ids;
  }

  #hold(month: string, key: ReaderKey, articleId: number): void {
    addTo(this.#pending, keyOf(month, key), articleId);
  }

  /** Drops the written reads that no count in progress began before. */
  #forgetWritten(): void {
    const oldest = Math.min(...this.#counting.keys());
    this.#written = this.#written.filter((written) => written.flush > oldest);
  }
}

function addTo(held: Held, name: string, articleId: number): void {
  const ids = held.get(name);
  if (ids) ids.add(articleId);
  else held.set(name, new Set([articleId]));
}
