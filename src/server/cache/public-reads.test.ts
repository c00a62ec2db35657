import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicReads } from './public-reads.js';

// The rules of keeping, with the generation of the database's changes set by hand: what the
// lists, search and feeds keep through them is tested over the API (articles/list-cache.test.ts,
// db/changes.test.ts).
let changes: { generation: number; sure: boolean };
let reads: PublicReads;
let calls: number;
const read = (value: string) => () => {
  calls += 1;
  return Promise.resolve(`${value} #${calls}`);
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: 0 });
  vi.spyOn(Math, 'random').mockReturnValue(1);
  changes = { generation: 0, sure: true };
  reads = new PublicReads({ current: () => changes });
  calls = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('public reads', () => {
  it('share one read between readers, for its lifetime', async () => {
    const [a, b] = await Promise.all([
      reads.read('k', 30_000, read('page')),
      reads.read('k', 30_000, read('page')),
    ]);
    expect([a, b]).toEqual(['page #1', 'page #1']);
    vi.advanceTimersByTime(29_999);
    expect(await reads.read('k', 30_000, read('page'))).toBe('page #1');
    vi.advanceTimersByTime(2);
    expect(await reads.read('k', 30_000, read('page'))).toBe('page #2');
  });

  it('drop everything when the generation moves, and what was being read then', async () => {
    let finish!: (value: string) => void;
    const slow = reads.read('slow', 30_000, () => new Promise<string>((r) => (finish = r)));
    expect(await reads.read('k', 300_000, read('total'))).toBe('total #1');
    changes = { generation: 1, sure: true };
    finish('old');
    expect(await slow).toBe('old');
    expect(await reads.read('k', 300_000, read('total'))).toBe('total #2');
    expect(await reads.read('slow', 30_000, read('new'))).toBe('new #3');
  });

  it('keep nothing past a second while changes may go unheard', async () => {
    changes = { generation: 0, sure: false };
    expect(await reads.read('k', 30_000, read('page'))).toBe('page #1');
    vi.advanceTimersByTime(1_001);
    expect(await reads.read('k', 30_000, read('page'))).toBe('page #2');
  });

  it('forget the oldest answers past their room', async () => {
    const small = new PublicReads({ current: () => changes }, 2);
    for (const key of ['a', 'b', 'c']) await small.read(key, 30_000, read(key));
    expect(await small.read('c', 30_000, read('c'))).toBe('c #3');
    expect(await small.read('b', 30_000, read('b'))).toBe('b #2');
    expect(await small.read('a', 30_000, read('a'))).toBe('a #4');
  });

  it('do not remember a read that failed', async () => {
    await expect(reads.read('k', 30_000, () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await reads.read('k', 30_000, read('page'))).toBe('page #1');
  });
});
