import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeptReads } from './kept-reads.js';

// The rules of keeping, with the generation of the database's changes set by hand: forgetting
// on a real database's notices is in kept-reads.changes.test.ts, and what the lists, search and
// feeds keep through them over the API (articles/list-cache.test.ts, db/changes.test.ts).
let changes: { generation: number; sure: boolean };
let reads: KeptReads;
let calls: number;
const read = (value: string) => () => {
  calls += 1;
  return Promise.resolve(`${value} #${calls}`);
};
/** A value of `bytes` bytes as the room counts it (the length of its JSON). */
const sized = (name: string, bytes: number) => () => {
  calls += 1;
  return Promise.resolve(`${name}#${calls}`.padEnd(bytes - 2, '.'));
};
const megabyte = 1024 * 1024;
/** Lets a replacement read started in the background finish. */
const replaced = () => new Promise((resolve) => setImmediate(resolve));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T12:00:00Z') });
  vi.spyOn(Math, 'random').mockReturnValue(1);
  changes = { generation: 0, sure: true };
  reads = new KeptReads({ current: () => changes }, megabyte);
  calls = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('kept reads', () => {
  it('share one read between readers asking at once, and keep it for its lifetime', async () => {
    let finish!: (value: string) => void;
    let started = 0;
    const slow = () => {
      started += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const waiting = Promise.all([1, 2, 3].map(() => reads.read('k', 30_000, slow)));
    finish('page');
    expect(await waiting).toEqual(['page', 'page', 'page']);
    expect(started).toBe(1);
    vi.advanceTimersByTime(29_999);
    expect(await reads.read('k', 30_000, read('page'))).toBe('page');
    expect(calls).toBe(0);
  });

  it('answer a stale value while one read replaces it, never past its lifetime', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect(await reads.read('k', 30_000, read('page'))).toBe('page #1');
    // Fresh for half its lifetime (the random part at its least), then answered while replaced.
    vi.advanceTimersByTime(15_001);
    expect(await reads.read('k', 30_000, read('page'))).toBe('page #1');
    await replaced();
    expect(await reads.read('k', 30_000, read('page'))).toBe('page #2');
    expect(calls).toBe(2);
    // A value whose replacement failed is answered until its lifetime, and never after.
    vi.advanceTimersByTime(15_001);
    const failing = () => Promise.reject(new Error('down'));
    expect(await reads.read('k', 30_000, failing)).toBe('page #2');
    await replaced();
    vi.advanceTimersByTime(15_000);
    await expect(reads.read('k', 30_000, failing)).rejects.toThrow('down');
    expect(await reads.read('k', 30_000, read('page'))).toBe('page #3');
  });

  it('drop everything when the generation moves, and what was being read then', async () => {
    let finish!: (value: string) => void;
    const slow = reads.read('slow', 30_000, () => new Promise<string>((r) => (finish = r)));
    expect(await reads.read('k', 300_000, read('total'))).toBe('total #1');
    expect(reads.peek('k', 300_000)).toBe('total #1');
    changes = { generation: 1, sure: true };
    expect(reads.peek('k', 300_000)).toBeUndefined();
    finish('old');
    expect(await slow).toBe('old');
    expect(await reads.read('k', 300_000, read('total'))).toBe('total #2');
    expect(await reads.read('slow', 30_000, read('new'))).toBe('new #3');
  });

  it('keep nothing past a second while changes may go unheard', async () => {
    changes = { generation: 0, sure: false };
    expect(await reads.read('k', 30_000, read('page'))).toBe('page #1');
    vi.advanceTimersByTime(1_001);
    expect(reads.peek('k', 30_000)).toBeUndefined();
    expect(await reads.read('k', 30_000, read('page'))).toBe('page #2');
  });

  it('keep a popular key while a flood of keys asked for once goes through', async () => {
    const small = new KeptReads({ current: () => changes }, 10_000);
    expect(await small.read('home', 30_000, sized('home', 1_000))).toMatch(/^home#1/);
    for (let i = 0; i < 1_000; i += 1) {
      await small.read(`/?q=${i}`, 30_000, sized(`q${i}`, 1_000));
      // The home page is asked for all along: it is never the least recently used.
      if (i % 5 === 0)
        expect(await small.read('home', 30_000, sized('home', 1_000))).toMatch(/^home#1\./);
    }
    expect(calls).toBe(1_001);
    // The flood's first keys went instead.
    await small.read('/?q=0', 30_000, sized('q0', 1_000));
    expect(calls).toBe(1_002);
  });

  it('hold no more bytes than their room, and never a value larger than it', async () => {
    const small = new KeptReads({ current: () => changes }, 1_000);
    for (const key of ['a', 'b', 'c']) await small.read(key, 30_000, sized(key, 300));
    // A fourth value of 300 bytes does not fit beside three: the least recently used goes.
    await small.read('a', 30_000, sized('a', 300));
    await small.read('d', 30_000, sized('d', 300));
    expect(calls).toBe(4);
    expect(small.peek('b', 30_000)).toBeUndefined();
    for (const key of ['a', 'c', 'd']) expect(small.peek(key, 30_000)).toBeDefined();
    // Larger than the room: answered, kept nowhere, and nothing else pushed out for it.
    expect(await small.read('huge', 30_000, sized('huge', 1_001))).toMatch(/^huge#5/);
    expect(small.peek('huge', 30_000)).toBeUndefined();
    for (const key of ['a', 'c', 'd']) expect(small.peek(key, 30_000)).toBeDefined();
  });

  it('answer a value they are told not to keep, and keep none of it', async () => {
    const notFound = () => reads.read('gone', 30_000, read('404'), { keep: () => false });
    expect(await notFound()).toBe('404 #1');
    expect(reads.peek('gone', 30_000)).toBeUndefined();
    expect(await notFound()).toBe('404 #2');
  });

  it('when told, keep a value only from the second time its key is asked for lately', async () => {
    const twice = new KeptReads({ current: () => changes }, megabyte, { keptFromSecondAsk: 2 });
    expect(await twice.read('a', 30_000, read('a'))).toBe('a #1');
    expect(twice.peek('a', 30_000)).toBeUndefined();
    expect(await twice.read('a', 30_000, read('a'))).toBe('a #2');
    expect(await twice.read('a', 30_000, read('a'))).toBe('a #2');
    // Asked once each, b and c push a out of the keys asked for lately: a kept value stays.
    for (const key of ['b', 'c']) await twice.read(key, 30_000, read(key));
    expect(await twice.read('a', 30_000, read('a'))).toBe('a #2');
    expect(await twice.read('b', 30_000, read('b'))).toBe('b #5');
    expect(twice.peek('c', 30_000)).toBeUndefined();
  });

  it('do not remember a read that failed', async () => {
    await expect(reads.read('k', 30_000, () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await reads.read('k', 30_000, read('page'))).toBe('page #1');
  });
});
